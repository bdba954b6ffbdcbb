import { useRecordContext } from 'react-admin';
import Chip from '@mui/material/Chip';
import type { AdminDeposit } from '@store/contract';

const COLOURS = { completed: 'success', pending: 'info', review: 'warning', failed: 'error', cancelled: 'default' } as const;

export function DepositStateField(_props: { label?: string }) {
  const d = useRecordContext<AdminDeposit>();
  if (!d) return null;
  return <Chip size="small" label={d.state === 'review' ? 'In review' : d.state[0]!.toUpperCase() + d.state.slice(1)} color={COLOURS[d.state]} />;
}
