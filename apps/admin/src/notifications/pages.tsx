import { Create, Datagrid, Edit, List, SearchInput, SimpleForm, TextField, TextInput, required } from 'react-admin';
import { DateTimeField } from '../media/date-time-field.tsx';
import { l } from '../providers/words.ts';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export const NotificationList = () => (
  <List filters={filters} sort={{ field: 'date_notified', order: 'DESC' }}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="message" />
      <DateTimeField source="date_notified" label={l('Sent')} />
    </Datagrid>
  </List>
);

const NotificationForm = () => (
  <SimpleForm>
    <TextInput source="message" multiline fullWidth validate={required()} />
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
