import { useRecordContext } from 'react-admin';
import Typography from '@mui/material/Typography';
import { formatDate } from '@store/contract';

/**
 * A date as the store writes it, "2026-11-22 14:05:00" in Nairobi time (CONTRACT §6), instead of
 * react-admin's DateField, which follows the browser's locale (11/22/2026) and time zone.
 */
export function DateTimeField(props: { source: string; label?: string; dateOnly?: boolean; emptyText?: string; sortable?: boolean }) {
  const record = useRecordContext<Record<string, unknown>>();
  const value = record?.[props.source];
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {typeof value === 'string' && value ? formatDate(value, { dateOnly: props.dateOnly ?? false }) : (props.emptyText ?? '')}
    </Typography>
  );
}
