import { Datagrid, FunctionField, List, SelectInput, TextField, TextInput } from 'react-admin';
import { DateTimeField } from '../media/date-time-field.tsx';
import { l } from '../providers/words.ts';

const filters = [
  <SelectInput key="resource" source="resource" choices={['djs', 'genres', 'notifications', 'contact-messages', 'purchases', 'adjustments'].map((id) => ({ id, name: id }))} alwaysOn />,
  <TextInput key="record_id" source="record_id" label={l('Record id')} />,
];

const change = (r: { before: unknown; after: unknown }) => JSON.stringify(r.after ?? r.before);

/** Who changed what and when, newest first (read-only). */
export const AuditList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <DateTimeField source="created_at" label={l('When')} />
      <TextField source="username" label={l('Who')} />
      <TextField source="action" />
      <TextField source="resource" />
      <TextField source="record_id" label={l('Record')} />
      <FunctionField label={l('Record after (or before a delete)')} render={change} />
    </Datagrid>
  </List>
);
