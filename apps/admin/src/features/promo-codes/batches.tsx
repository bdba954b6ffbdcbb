import DownloadIcon from '@mui/icons-material/Download';
import {
  Button,
  Create,
  Datagrid,
  FunctionField,
  List,
  NumberField,
  NumberInput,
  Pagination,
  ReferenceManyField,
  Show,
  SimpleForm,
  SimpleList,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  maxValue,
  minValue,
  required,
  useDataProvider,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useState } from 'react';
import { MAX_PROMO_BATCH, type AdminPromoBatch, type AdminPromoCode } from '@store/contract';
import { usePhone } from '../../lib/use-phone.ts';
import { DateTimeField } from '../../components/date-time-field.tsx';
import { l } from '../../providers/words.ts';
import { useWords, w } from './words.ts';
import { downloadBatchCsv } from './batch-csv.ts';
import { useOffWords, useUses } from './promo-format.ts';
import { TermsInputs, newTerms } from './terms-inputs.tsx';

export function PromoBatchList() {
  const phone = usePhone();
  const off = useOffWords();
  return (
    <List sort={{ field: 'id', order: 'DESC' }} exporter={false}>
      {phone ? (
        <SimpleList<AdminPromoBatch> primaryText={(b) => b.prefix} secondaryText={(b) => off(b)} tertiaryText={(b) => `${b.used}/${b.count}`} linkType="show" />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="prefix" label={w('promo.prefix')} />
          <NumberField source="count" label={w('promo.count')} />
          <NumberField source="used" label={w('promo.codes_used')} sortable={false} />
          <FunctionField<AdminPromoBatch> label={w('promo.off')} render={(b) => off(b)} />
          <DateTimeField source="valid_until" label={w('promo.valid_until')} emptyText="—" sortable={false} />
          <TextField source="note" label={w('promo.note')} sortable={false} emptyText="—" />
          <DateTimeField source="created_at" label={w('promo.created')} />
        </Datagrid>
      )}
    </List>
  );
}

/** Downloads the batch's codes as CSV, for the DJ to read out. */
function CsvButton() {
  const batch = useRecordContext<AdminPromoBatch>();
  const dataProvider = useDataProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (!batch) return null;
  const download = async () => {
    setBusy(true);
    try {
      await downloadBatchCsv(dataProvider, batch, translate);
    } catch {
      notify(w('promo.csv_failed'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label={w('promo.csv')} onClick={() => void download()} disabled={busy}>
      <DownloadIcon />
    </Button>
  );
}

/** One batch: its terms, its CSV, and its codes with their use. */
export function PromoBatchShow() {
  const phone = usePhone();
  const off = useOffWords();
  const uses = useUses();
  return (
    <Show
      actions={
        <TopToolbar>
          <CsvButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="prefix" label={w('promo.prefix')} />
        <FunctionField<AdminPromoBatch> label={w('promo.off')} render={(b) => off(b)} />
        <FunctionField<AdminPromoBatch> label={w('promo.codes_used')} render={(b) => `${b.used} / ${b.count}`} />
        <DateTimeField source="valid_until" label={w('promo.valid_until')} emptyText="—" />
        <TextField source="note" label={w('promo.note')} emptyText="—" />
        <DateTimeField source="created_at" label={w('promo.created')} />
        <ReferenceManyField reference="promo-codes" target="batch_id" sort={{ field: 'id', order: 'ASC' }} perPage={50} pagination={<Pagination />} label={w('promo.batch_codes')}>
          {phone ? (
            <SimpleList<AdminPromoCode> primaryText={(c) => c.code} secondaryText={(c) => uses(c)} linkType="show" resource="promo-codes" />
          ) : (
            <Datagrid bulkActionButtons={false} rowClick="show" resource="promo-codes">
              <TextField source="code" label={w('promo.code')} />
              <FunctionField<AdminPromoCode> label={w('promo.used')} render={(c) => uses(c)} sortBy="times_redeemed" />
              <DateTimeField source="created_at" label={l('Added')} />
            </Datagrid>
          )}
        </ReferenceManyField>
      </SimpleShowLayout>
    </Show>
  );
}

/** N single-use codes at once: a prefix, how many, and the terms they share. */
export function PromoBatchCreate() {
  const t = useWords();
  return (
    <Create redirect="show" record={{ ...newTerms, count: 100 }}>
      <SimpleForm>
        <TextInput source="prefix" label={w('promo.prefix')} helperText={t('promo.prefix_help')} validate={required()} parse={(v: string) => v.toUpperCase()} />
        <NumberInput source="count" label={w('promo.count')} helperText={t('promo.count_help')} min={1} max={MAX_PROMO_BATCH} validate={[required(), minValue(1), maxValue(MAX_PROMO_BATCH)]} />
        <TermsInputs batch />
      </SimpleForm>
    </Create>
  );
}
