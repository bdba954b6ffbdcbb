import { Create, Datagrid, Edit, List, maxLength, SearchInput, SimpleForm, TextField, TextInput, required } from 'react-admin';
import { DateTimeField } from '../../components/date-time-field.tsx';
import { csvDate, csvExporter } from '../../lib/csv-export.ts';
import { l } from '../../providers/words.ts';
import { w } from './words.ts';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

const exporter = csvExporter<{ id: number; message: string; date_notified: string }>([
  [l('Message'), (n) => n.message],
  [l('Sent'), (n) => csvDate(n.date_notified)],
]);

export const NotificationList = () => (
  <List filters={filters} sort={{ field: 'date_notified', order: 'DESC' }} exporter={exporter}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="message" sortable={false} />
      <DateTimeField source="date_notified" label={l('Sent')} />
    </Datagrid>
  </List>
);

const NotificationForm = () => (
  <SimpleForm>
    <TextInput source="message" multiline fullWidth validate={required()} />
    {/* What staff write, in Kiswahili too (issue 32 item 24): empty shows the English one. */}
    <TextInput source="message_sw" multiline fullWidth validate={maxLength(500)} helperText={w('notifications.message_sw_help')} />
  </SimpleForm>
);

export const NotificationEdit = () => (
  <Edit mutationMode="pessimistic">
    <NotificationForm />
  </Edit>
);

export const NotificationCreate = () => (
  <Create redirect="list">
    <NotificationForm />
  </Create>
);
