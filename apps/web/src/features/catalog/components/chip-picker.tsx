import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import { useT } from '../../../lib/i18n.ts';

interface ChipPickerProps {
  label: string;
  options: string[] | undefined;
  selected: string | null;
  onSelect: (value: string | null) => void;
  /** Offer an 'All' chip that clears the choice. */
  allowAll?: boolean;
}

/** A row of chips to choose a DJ or a genre; the chosen one is filled. */
export function ChipPicker({ label, options, selected, onSelect, allowAll }: ChipPickerProps) {
  const t = useT();
  return (
    <Box role="group" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
      {!options
        ? Array.from({ length: 6 }, (_, i) => <Skeleton key={i} variant="rounded" width={72} height={32} sx={{ borderRadius: 4 }} />)
        : [
            ...(allowAll ? [<Chip key="__all" label={t('catalog.all')} color={selected === null ? 'primary' : 'default'} variant={selected === null ? 'filled' : 'outlined'} onClick={() => onSelect(null)} aria-pressed={selected === null} />] : []),
            ...options.map((o) => (
              <Chip key={o} label={o} color={selected?.toLowerCase() === o.toLowerCase() ? 'primary' : 'default'} variant={selected?.toLowerCase() === o.toLowerCase() ? 'filled' : 'outlined'} onClick={() => onSelect(o)} aria-pressed={selected?.toLowerCase() === o.toLowerCase()} />
            )),
          ]}
    </Box>
  );
}
