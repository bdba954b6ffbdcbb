import { Datagrid, FunctionField, List, SelectInput, SimpleList, TextField, TextInput } from 'react-admin';
import { formatDate, type AdminAuditEntry } from '@store/contract';
import { DateTimeField } from '../../components/date-time-field.tsx';
import { csvDate, csvExporter } from '../../lib/csv-export.ts';
import { usePhone } from '../../lib/use-phone.ts';
import { l } from '../../providers/words.ts';

const filters = [
  <SelectInput key="resource" source="resource" choices={['djs', 'genres', 'notifications', 'contact-messages', 'purchases', 'adjustments'].map((id) => ({ id, name: id }))} alwaysOn />,
  <TextInput key="record_id" source="record_id" label={l('Record id')} />,
];

const change = (r: { before: unknown; after: unknown }) => JSON.stringify(r.after ?? r.before);

/** Who changed what and when, newest first (read-only). */
const exporter = csvExporter<AdminAuditEntry>([
  [l('When'), (e) => csvDate(e.created_at)],
  [l('Who'), (e) => e.username],
  [l('Action'), (e) => e.action],
  [l('Resource'), (e) => e.resource],
  [l('Record'), (e) => e.record_id],
  [l('Record after (or before a delete)'), change],
]);

export function AuditList() {
  const phone = usePhone();
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={exporter}>
      {phone ? (
        <SimpleList<AdminAuditEntry> primaryText={(e) => `${e.username} · ${e.action} ${e.resource} ${e.record_id}`} secondaryText={change} tertiaryText={(e) => formatDate(e.created_at, { dateOnly: true })} rowClick={false} />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <DateTimeField source="created_at" label={l('When')} />
          <TextField source="username" label={l('Who')} />
          <TextField source="action" />
          <TextField source="resource" />
          <TextField source="record_id" label={l('Record')} />
          <FunctionField label={l('Record after (or before a delete)')} render={change} />
        </Datagrid>
      )}
    </List>
  );
}
