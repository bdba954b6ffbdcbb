import { AutocompleteInput, Datagrid, List, ReferenceField, ReferenceInput, SelectField, SelectInput, TextField } from 'react-admin';
import { KshField } from '../media/ksh-field.tsx';
import { DateTimeField } from '../media/date-time-field.tsx';
import { l, w } from '../providers/words.ts';

export const kinds = (['deposit', 'purchase', 'refund', 'adjustment'] as const).map((id) => ({ id, name: w(`ledger.${id}`) }));
const filters = [
  <SelectInput key="kind" source="kind" choices={kinds} alwaysOn />,
  <ReferenceInput key="user" source="user_id" reference="customers" alwaysOn>
    <AutocompleteInput label={l('Customer')} optionText="username" filterToQuery={(q) => ({ q })} />
  </ReferenceInput>,
];

/** Every balance change, newest first: adjustments and refunds with their reasons, deposits, purchases. */
export const LedgerList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <DateTimeField source="created_at" label={l('When')} />
      <ReferenceField source="user_id" reference="customers" label={l('Customer')} link="show" />
      <SelectField source="kind" choices={kinds} />
      <KshField source="amount" label={l('Amount')} textAlign="right" />
      <KshField source="balance_after" label={l('Balance after')} textAlign="right" />
      <TextField source="note" label={l('Reason or note')} emptyText="—" />
    </Datagrid>
  </List>
);
