import { AutocompleteInput, Datagrid, List, ReferenceField, ReferenceInput, SelectField, SelectInput, SimpleList, TextField } from 'react-admin';
import { formatDate, formatKsh } from '@store/contract';
import { KshField } from '../../components/ksh-field.tsx';
import { DateTimeField } from '../../components/date-time-field.tsx';
import { csvDate, csvExporter } from '../../lib/csv-export.ts';
import { ledgerKinds as kinds } from '../../lib/ledger-kinds.ts';
import { usePhone } from '../../lib/use-phone.ts';
import { l } from '../../providers/words.ts';
import { useWords } from './words.ts';

const filters = [
  <SelectInput key="kind" source="kind" choices={kinds} alwaysOn />,
  <ReferenceInput key="user" source="user_id" reference="customers" alwaysOn>
    <AutocompleteInput label={l('Customer')} optionText="username" filterToQuery={(q) => ({ q })} />
  </ReferenceInput>,
];

/** Every balance change, newest first: adjustments and refunds with their reasons, deposits, purchases. */
interface LedgerEntry {
  id: number;
  username: string;
  kind: (typeof kinds)[number]['id'];
  amount: number;
  balance_after: number;
  note: string | null;
  created_at: string;
}

const exporter = csvExporter<LedgerEntry>([
  [l('When'), (e) => csvDate(e.created_at)],
  [l('Customer'), (e) => e.username],
  [l('Kind'), (e, c) => c.t(`ledger.${e.kind}`)],
  [l('Amount (Ksh)'), (e) => e.amount],
  [l('Balance after (Ksh)'), (e) => e.balance_after],
  [l('Reason or note'), (e) => e.note ?? ''],
]);

export function LedgerList() {
  const phone = usePhone();
  const t = useWords();
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={exporter}>
      {phone ? (
        <SimpleList<LedgerEntry>
          primaryText={(e) => `${t(`ledger.${e.kind}`)} ${formatKsh(e.amount)} · ${e.username}`}
          secondaryText={(e) => e.note ?? ''}
          tertiaryText={(e) => formatDate(e.created_at, { dateOnly: true })}
          rowClick={false}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <DateTimeField source="created_at" label={l('When')} />
          <ReferenceField source="user_id" reference="customers" label={l('Customer')} link="show" sortBy="username" />
          <SelectField source="kind" choices={kinds} />
          <KshField source="amount" label={l('Amount')} textAlign="right" />
          <KshField source="balance_after" label={l('Balance after')} textAlign="right" />
          <TextField source="note" label={l('Reason or note')} emptyText="—" />
        </Datagrid>
      )}
    </List>
  );
}
