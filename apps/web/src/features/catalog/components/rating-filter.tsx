import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useSearchParams } from 'react-router';
import { RATINGS, type Rating } from '@store/contract';
import { useT } from '../../../lib/i18n.ts';

/** The ratings chosen in the address (`?rating=GE,PG`), in the board's order; none means all. */
export function useRatingFilter(): [Rating[], (next: Rating[]) => void] {
  const [params, setParams] = useSearchParams();
  const chosen = (params.get('rating') ?? '').split(',').filter((r): r is Rating => (RATINGS as readonly string[]).includes(r));
  const set = (next: Rating[]) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        const sorted = RATINGS.filter((r) => next.includes(r));
        if (sorted.length === 0 || sorted.length === RATINGS.length) out.delete('rating');
        else out.set('rating', sorted.join(','));
        return out;
      },
      { replace: true },
    );
  return [chosen, set];
}

/**
 * Which age ratings a list shows (CONTRACT §13): 'All ages', or any of GE, PG, 16 and 18, kept in
 * the address so the choice survives a reload and a shared link. A locked phone's lists have no 16
 * or 18 whatever is chosen (the server leaves them out).
 */
export function RatingFilter() {
  const t = useT();
  const [chosen, setChosen] = useRatingFilter();
  const toggle = (r: Rating) => setChosen(chosen.includes(r) ? chosen.filter((c) => c !== r) : [...chosen, r]);
  return (
    <Box role="group" aria-label={t('rating.filter')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
      <Chip size="small" label={t('rating.all')} color={chosen.length === 0 ? 'primary' : 'default'} variant={chosen.length === 0 ? 'filled' : 'outlined'} onClick={() => setChosen([])} aria-pressed={chosen.length === 0} />
      {RATINGS.map((r) => (
        <Chip key={r} size="small" label={r} title={t(`rating.${r}`)} color={chosen.includes(r) ? 'primary' : 'default'} variant={chosen.includes(r) ? 'filled' : 'outlined'} onClick={() => toggle(r)} aria-pressed={chosen.includes(r)} aria-label={t(`rating.${r}`)} />
      ))}
    </Box>
  );
}
