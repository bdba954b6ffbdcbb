import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDate, groupDigits, type Statement } from '@store/contract';
import { usePhone } from '../../lib/use-phone.ts';
import { useWords } from './words.ts';

const KINDS = ['purchase', 'rental', 'bundle', 'gift', 'refund', 'pass'] as const;

/**
 * The month's lines: each sale, rental, pass share or refund with what was paid, its VAT, the DJ's
 * share and what they earned. On a phone each line is a small card, every amount on screen with its
 * name, so nothing needs scrolling sideways at 360 px; wider, a table.
 */
export function StatementLines({ lines }: { lines: Statement['lines'] }) {
  const t = useWords();
  const phone = usePhone();
  const kindWord = (kind: string) => ((KINDS as readonly string[]).includes(kind) ? t(`statements.kind_${kind as (typeof KINDS)[number]}`) : kind);
  const cols = [
    [t('statements.paid'), (l: Statement['lines'][number]) => groupDigits(l.paid)],
    [t('statements.vat'), (l: Statement['lines'][number]) => groupDigits(l.vat)],
    [t('statements.share'), (l: Statement['lines'][number]) => `${l.share_percent}%`],
    [t('statements.earned'), (l: Statement['lines'][number]) => groupDigits(l.earned)],
  ] as const;

  if (phone)
    return (
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('statements.lines')}>
        {lines.map((l, i) => (
          <Box component="li" key={i} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Typography variant="body2">{l.title}</Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {`${kindWord(l.kind)} · ${formatDate(l.date)}`}
            </Typography>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 1, m: 0, mt: 0.5 }}>
              {cols.map(([label, value]) => (
                <Box key={label} sx={{ minWidth: 0 }}>
                  <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                    {label}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                    {value(l)}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Box>
        ))}
      </Box>
    );

  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('statements.lines')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('statements.title_col')}</TableCell>
            <TableCell>{t('statements.kind')}</TableCell>
            {cols.map(([label]) => (
              <TableCell key={label} align="right">
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((l, i) => (
            <TableRow key={i}>
              <TableCell sx={{ minWidth: 140 }}>
                {l.title}
                <Typography variant="caption" color="text.secondary" component="div">
                  {formatDate(l.date)}
                </Typography>
              </TableCell>
              <TableCell>{kindWord(l.kind)}</TableCell>
              {cols.map(([label, value]) => (
                <TableCell key={label} align="right">
                  {value(l)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
