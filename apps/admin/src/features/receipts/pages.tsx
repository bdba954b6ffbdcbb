import { useState } from 'react';
import { Datagrid, FunctionField, List, SelectInput, SimpleList, TextField, TextInput, useNotify, useRecordContext, useRefresh } from 'react-admin';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { formatDate, type AdminReceipt } from '@store/contract';
import { kshCents } from '../../lib/format.ts';
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
      { id: 'signed', name: w('receipts.signed') },
      { id: 'unsigned', name: w('receipts.unsigned') },
      { id: 'failed', name: w('receipts.failed') },
      { id: 'pending', name: w('receipts.pending') },
    ]}
    alwaysOn
  />,
  <SelectInput
    key="kind"
    source="kind"
    label={w('receipts.kind')}
    choices={[
      { id: 'sale', name: w('receipts.kind_sale') },
      { id: 'credit_note', name: w('receipts.kind_credit_note') },
    ]}
    alwaysOn
  />,
  <TextInput key="month" source="month" type="month" label={w('receipts.month')} slotProps={{ inputLabel: { shrink: true } }} alwaysOn />,
];

const STATE_WORD = { signed: 'receipts.signed', pending: 'receipts.pending', failed: 'receipts.failed' } as const;
const STATE_COLOUR = { signed: 'success', pending: 'info', failed: 'error' } as const;

function StateChip(_props: { label?: string }) {
  const r = useRecordContext<AdminReceipt>();
  const t = useWords();
  if (!r) return null;
  return <Chip size="small" label={t(STATE_WORD[r.state])} color={STATE_COLOUR[r.state]} />;
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
  if (!r || r.state === 'signed') return null;
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
 * Every tax invoice and credit note (CONTRACT §16), newest first, with its taxable amount and VAT as
 * the receipt prints them and its eTIMS state: signed, waiting (no answer, or not yet its turn) or
 * refused with KRA's result code and message. Retry sends an unsigned one again now; nothing here
 * changes money.
 */
export function ReceiptList() {
  const phone = usePhone();
  const t = useWords();
  const kind = (r: AdminReceipt) => t(r.kind === 'sale' ? 'receipts.kind_sale' : 'receipts.kind_credit_note');
  return (
    <List filters={filters} sort={{ field: 'issued_at', order: 'DESC' }} exporter={false} empty={<Alert severity="info" sx={{ m: 2 }}>{t('receipts.empty')}</Alert>}>
      <Alert severity="info" sx={{ mx: 1, mt: 1 }}>
        {t('receipts.in_order')}
      </Alert>
      {phone ? (
        <SimpleList<AdminReceipt>
          primaryText={(r) => `${r.invoice_no ?? t('receipts.number_follows')} · ${kind(r)} · ${kshCents(r.total)} · ${t(STATE_WORD[r.state])}`}
          secondaryText={(r) => [r.result_code, r.error].filter(Boolean).join(' · ') || `${t('receipts.vat')} ${kshCents(r.vat_total)} · ${r.customer_email}`}
          tertiaryText={(r) => formatDate(r.issued_at, { dateOnly: true })}
          rightIcon={() => <RetryButton />}
          rowClick={false}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <InvoiceNo source="invoice_no" sortBy="invoice_no" label={w('receipts.invoice')} />
          {/* Second: what the accountant looks for, on screen at 1280 px beside the menu (it was the ninth column, off the right edge). */}
          <StateChip label={w('receipts.state')} />
          <FunctionField<AdminReceipt> label={w('receipts.kind')} render={kind} />
          <FunctionField<AdminReceipt> label={w('receipts.original')} render={(r) => r.original_invoice_no ?? ''} />
          <TextField source="customer_email" label={w('receipts.customer')} sortable={false} />
          <FunctionField<AdminReceipt> label={w('receipts.taxable')} textAlign="right" render={(r) => kshCents(r.taxable_total)} />
          <FunctionField<AdminReceipt> label={w('receipts.vat')} textAlign="right" render={(r) => kshCents(r.vat_total)} />
          <FunctionField<AdminReceipt> source="total" sortBy="total" label={w('receipts.total')} textAlign="right" render={(r) => kshCents(r.total)} />
          <DateTimeField source="issued_at" label={w('receipts.issued')} />
          <TextField source="attempts" label={w('receipts.attempts')} />
          <FunctionField<AdminReceipt> label={w('receipts.why')} render={(r) => [r.result_code, r.error].filter(Boolean).join(': ') || '—'} />
          <FunctionField<AdminReceipt> label={w('receipts.next')} render={(r) => (r.state === 'signed' || !r.next_attempt_at ? '' : formatDate(r.next_attempt_at))} />
          <RetryButton />
        </Datagrid>
      )}
    </List>
  );
}
