import { useState } from 'react';
import { Datagrid, FunctionField, List, SelectInput, SimpleList, TextField, useNotify, useRecordContext, useRefresh } from 'react-admin';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { formatDate, formatKsh, type AdminReceipt } from '@store/contract';
import { adminCall, failureMessage } from '../../lib/admin-api.ts';
import { DateTimeField } from '../../components/date-time-field.tsx';
import { usePhone } from '../../lib/use-phone.ts';
import { useWords, w } from './words.ts';

const filters = [
  <SelectInput
    key="state"
    source="state"
    label={w('receipts.state')}
    choices={[
      { id: 'failed', name: w('receipts.failed') },
      { id: 'pending', name: w('receipts.pending') },
    ]}
    alwaysOn
  />,
];

function StateChip(_props: { label?: string }) {
  const r = useRecordContext<AdminReceipt>();
  const t = useWords();
  if (!r) return null;
  return <Chip size="small" label={t(r.state === 'failed' ? 'receipts.failed' : 'receipts.pending')} color={r.state === 'failed' ? 'error' : 'info'} />;
}

/** The submitter numbers a receipt just before it sends it (decision 0047): until then, say so. */
function InvoiceNo(_props: { label?: string; source?: string; sortBy?: string }) {
  const r = useRecordContext<AdminReceipt>();
  const t = useWords();
  if (!r) return null;
  return r.invoice_no ?? <em>{t('receipts.number_follows')}</em>;
}

/** Makes the receipt due now; the etims-submit job sends it within a second or so. */
function RetryButton(_props: { label?: string }) {
  const r = useRecordContext<AdminReceipt>();
  const notify = useNotify();
  const refresh = useRefresh();
  const t = useWords();
  const [busy, setBusy] = useState(false);
  if (!r) return null;
  async function retry() {
    setBusy(true);
    try {
      await adminCall(`/receipts/${r!.id}/retry`, { method: 'POST' });
      notify(w('receipts.retried'), { type: 'info' });
      setTimeout(refresh, 2000);
    } catch (err) {
      notify(failureMessage(err, w('receipts.retry_failed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button size="small" disabled={busy} onClick={(e) => (e.stopPropagation(), void retry())}>
      {t('receipts.retry')}
    </Button>
  );
}

/**
 * Receipts KRA's eTIMS has not signed yet: waiting (no answer, or not yet their turn) or refused
 * with KRA's result code and message. Retry sends one again now; nothing here changes money.
 */
export function ReceiptList() {
  const phone = usePhone();
  const t = useWords();
  return (
    <List filters={filters} exporter={false} empty={<Alert severity="success" sx={{ m: 2 }}>{t('receipts.empty')}</Alert>}>
      <Alert severity="info" sx={{ mx: 1, mt: 1 }}>
        {t('receipts.in_order')}
      </Alert>
      {phone ? (
        <SimpleList<AdminReceipt>
          primaryText={(r) => `${r.invoice_no ?? t('receipts.number_follows')} · ${formatKsh(r.total)} · ${t(r.state === 'failed' ? 'receipts.failed' : 'receipts.pending')}`}
          secondaryText={(r) => [r.result_code, r.error].filter(Boolean).join(' · ') || r.customer_email}
          tertiaryText={(r) => formatDate(r.issued_at, { dateOnly: true })}
          rightIcon={() => <RetryButton />}
          rowClick={false}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <InvoiceNo source="invoice_no" sortBy="invoice_no" label={w('receipts.invoice')} />
          <FunctionField<AdminReceipt> label={w('receipts.kind')} render={(r) => t(r.kind === 'sale' ? 'receipts.kind_sale' : 'receipts.kind_credit_note')} />
          <TextField source="customer_email" label={w('receipts.customer')} sortable={false} />
          <FunctionField<AdminReceipt> label={w('receipts.total')} textAlign="right" render={(r) => formatKsh(r.total)} />
          <DateTimeField source="issued_at" label={w('receipts.issued')} />
          <StateChip label={w('receipts.state')} />
          <TextField source="attempts" label={w('receipts.attempts')} />
          <FunctionField<AdminReceipt> label={w('receipts.why')} render={(r) => [r.result_code, r.error].filter(Boolean).join(': ') || '—'} />
          <DateTimeField source="next_attempt_at" label={w('receipts.next')} sortable={false} />
          <RetryButton />
        </Datagrid>
      )}
    </List>
  );
}
