import { useState } from 'react';
import { Datagrid, List, ReferenceField, SelectInput, SimpleList, TextField, useNotify, useRecordContext, useRefresh } from 'react-admin';
import Button from '@mui/material/Button';
import { formatDate, formatKsh, type AdminDeposit } from '@store/contract';
import { adminCall, failureMessage } from '../../lib/admin-api.ts';
import { DepositStateField } from '../../components/deposit-state-field.tsx';
import { KshField } from '../../components/ksh-field.tsx';
import { DateTimeField } from '../../components/date-time-field.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { csvDate, csvExporter } from '../../lib/csv-export.ts';
import { usePhone } from '../../lib/use-phone.ts';
import { l } from '../../providers/words.ts';
import { useWords, w } from './words.ts';

const states = (['review', 'pending', 'completed', 'failed', 'cancelled'] as const).map((id) => ({ id, name: w(`deposits.${id}`) }));
const filters = [<SearchBox key="q" source="q" alwaysOn hint={w('deposits.search')} />, <SelectInput key="state" source="state" choices={states} alwaysOn />];

/** Asks M-Pesa again about a deposit nobody could settle; only M-Pesa's answer moves money. */
function RecheckButton(_props: { label?: string }) {
  const d = useRecordContext<AdminDeposit>();
  const notify = useNotify();
  const refresh = useRefresh();
  const t = useWords();
  const [busy, setBusy] = useState(false);
  if (!d || (d.state !== 'review' && d.state !== 'pending')) return null;
  async function recheck() {
    setBusy(true);
    try {
      const after = await adminCall<AdminDeposit>(`/deposits/${d!.id}/recheck`, { method: 'POST' });
      if (after.state === d!.state) notify(w('deposits.no_answer'), { type: 'info' });
      else notify(w('deposits.answer'), { type: after.state === 'completed' ? 'success' : 'info', messageArgs: { state: t(`deposits.${after.state}`).toLowerCase(), desc: after.result_desc ?? '' } });
      refresh();
    } catch (err) {
      notify(failureMessage(err, w('deposits.ask_failed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button size="small" disabled={busy} onClick={(e) => (e.stopPropagation(), void recheck())}>
      {t('deposits.ask')}
    </Button>
  );
}

const exporter = csvExporter<AdminDeposit>([
  [l('Started'), (d) => csvDate(d.created_at)],
  [l('Customer'), (d) => d.username],
  [l('Amount (Ksh)'), (d) => d.amount],
  [l('Phone'), (d) => d.phone],
  [l('State'), (d, c) => c.t(`deposits.${d.state}`)],
  [l('Receipt'), (d) => d.receipt ?? ''],
  [l('M-Pesa said'), (d) => d.result_desc ?? ''],
]);

export function DepositList() {
  const phone = usePhone();
  const t = useWords();
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={exporter}>
      {phone ? (
        <SimpleList<AdminDeposit>
          primaryText={(d) => `${formatKsh(d.amount)} · ${t(`deposits.${d.state}`)}`}
          secondaryText={(d) => [d.username, d.phone, d.receipt].filter(Boolean).join(' · ')}
          tertiaryText={(d) => formatDate(d.created_at, { dateOnly: true })}
          rightIcon={() => <RecheckButton />}
          rowClick={false}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <DateTimeField source="created_at" label={l('Started')} />
          <ReferenceField source="user_id" reference="customers" label={l('Customer')} link="show" sortBy="username" />
          <KshField source="amount" label={l('Amount')} textAlign="right" />
          <TextField source="phone" />
          <DepositStateField label={l('State')} />
          <TextField source="receipt" emptyText="—" />
          <TextField source="result_desc" label={l('M-Pesa said')} emptyText="—" />
          <RecheckButton />
        </Datagrid>
      )}
    </List>
  );
}
