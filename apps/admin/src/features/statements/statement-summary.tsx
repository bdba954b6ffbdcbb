import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatKsh, type Statement } from '@store/contract';
import { useWords } from './words.ts';

/**
 * The month adding up, one line each (issue 32 item 16): what was owed at its start, plus what it
 * earned, less refunds, withholding tax and payouts, is what was owed at its end. Two columns, so it
 * fits a 360 px phone. Then what is owed now, which staff pay (for a past month it differs from its end).
 */
export function StatementSummary({ s }: { s: Statement }) {
  const t = useWords();
  const rows = [
    [t('statements.brought_forward'), formatKsh(s.brought_forward), false],
    [t('statements.earned_total'), `+ ${formatKsh(s.earned)}`, false],
    [t('statements.refunds'), `− ${formatKsh(s.refunds)}`, false],
    [t('statements.withholding'), `− ${formatKsh(s.withholding_tax)}`, false],
    [t('statements.payouts'), `− ${formatKsh(s.payouts)}`, false],
    [t('statements.carried_forward'), formatKsh(s.carried_forward), true],
    [t('statements.owed'), formatKsh(s.owed), true],
  ] as const;
  return (
    <Box sx={{ mb: 2, maxWidth: 480 }} role="group" aria-label={t('statements.summary')}>
      {rows.map(([label, amount, total]) => (
        <Box key={label} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5, ...(total ? { borderTop: 1, borderColor: 'divider', fontWeight: 'bold' } : {}) }}>
          <Typography variant="body2" sx={{ fontWeight: 'inherit' }}>
            {label}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 'inherit', whiteSpace: 'nowrap' }}>
            {amount}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
