import { useRecordContext } from 'react-admin';
import Typography from '@mui/material/Typography';
import { formatKsh } from '@store/contract';

/** Money as the store writes it, "Ksh 1,250" (CONTRACT §6), right-aligned in a table. */
export function KshField(props: { source: string; label?: string; textAlign?: 'right' }) {
  const record = useRecordContext<Record<string, unknown>>();
  const value = record?.[props.source];
  return (
    <Typography component="span" variant="body2">
      {typeof value === 'number' ? formatKsh(value) : '—'}
    </Typography>
  );
}
