import { useRecordContext } from 'react-admin';
import Chip from '@mui/material/Chip';
import type { AdminDeposit } from '@store/contract';
import { useWords } from '../providers/words.ts';

const COLOURS = { completed: 'success', pending: 'info', review: 'warning', failed: 'error', cancelled: 'default' } as const;

export function DepositStateField(_props: { label?: string }) {
  const d = useRecordContext<AdminDeposit>();
  const t = useWords();
  if (!d) return null;
  return <Chip size="small" label={t(`deposits.${d.state}`)} color={COLOURS[d.state]} />;
}
