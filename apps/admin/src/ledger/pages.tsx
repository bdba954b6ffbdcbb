import { AutocompleteInput, Datagrid, List, ReferenceField, ReferenceInput, SelectInput, TextField } from 'react-admin';
import { KshField } from '../media/ksh-field.tsx';
import { DateTimeField } from '../media/date-time-field.tsx';

const kinds = [
  { id: 'deposit', name: 'Deposit' },
  { id: 'purchase', name: 'Purchase' },
  { id: 'refund', name: 'Refund' },
  { id: 'adjustment', name: 'Adjustment' },
];
const filters = [
  <SelectInput key="kind" source="kind" choices={kinds} alwaysOn />,
  <ReferenceInput key="user" source="user_id" reference="customers" alwaysOn>
    <AutocompleteInput label="Customer" optionText="username" filterToQuery={(q) => ({ q })} />
  </ReferenceInput>,
];

/** Every balance change, newest first: adjustments and refunds with their reasons, deposits, purchases. */
export const LedgerList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <DateTimeField source="created_at" label="When" />
      <ReferenceField source="user_id" reference="customers" label="Customer" link="show" />
      <TextField source="kind" />
      <KshField source="amount" label="Amount" textAlign="right" />
      <KshField source="balance_after" label="Balance after" textAlign="right" />
      <TextField source="note" label="Reason or note" emptyText="—" />
    </Datagrid>
  </List>
);
