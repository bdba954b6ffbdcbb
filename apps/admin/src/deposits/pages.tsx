import { useState } from 'react';
import { Datagrid, List, ReferenceField, SearchInput, SelectInput, TextField, useNotify, useRecordContext, useRefresh } from 'react-admin';
import Button from '@mui/material/Button';
import type { AdminDeposit } from '@store/contract';
import { adminCall, failureMessage } from '../media/admin-api.ts';
import { DepositStateField } from './deposit-state-field.tsx';
import { KshField } from '../media/ksh-field.tsx';
import { DateTimeField } from '../media/date-time-field.tsx';

const states = [
  { id: 'review', name: 'In review' },
  { id: 'pending', name: 'Pending' },
  { id: 'completed', name: 'Completed' },
  { id: 'failed', name: 'Failed' },
  { id: 'cancelled', name: 'Cancelled' },
];
const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Phone, receipt or customer" />, <SelectInput key="state" source="state" choices={states} alwaysOn />];

/** Asks M-Pesa again about a deposit nobody could settle; only M-Pesa's answer moves money. */
function RecheckButton(_props: { label?: string }) {
  const d = useRecordContext<AdminDeposit>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!d || (d.state !== 'review' && d.state !== 'pending')) return null;
  async function recheck() {
    setBusy(true);
    try {
      const after = await adminCall<AdminDeposit>(`/deposits/${d!.id}/recheck`, { method: 'POST' });
      notify(after.state === d!.state ? 'M-Pesa still has no answer for this payment. Try again later.' : `M-Pesa says: ${after.state}. ${after.result_desc ?? ''}`, { type: after.state === 'completed' ? 'success' : 'info' });
      refresh();
    } catch (err) {
      notify(failureMessage(err, 'Could not ask M-Pesa.'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button size="small" disabled={busy} onClick={(e) => (e.stopPropagation(), void recheck())}>
      Ask M-Pesa again
    </Button>
  );
}

export const DepositList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <DateTimeField source="created_at" label="Started" />
      <ReferenceField source="user_id" reference="customers" label="Customer" link="show" />
      <KshField source="amount" label="Amount" textAlign="right" />
      <TextField source="phone" />
      <DepositStateField label="State" />
      <TextField source="receipt" emptyText="—" />
      <TextField source="result_desc" label="M-Pesa said" emptyText="—" />
      <RecheckButton />
    </Datagrid>
  </List>
);
