import { BooleanField, BooleanInput, Datagrid, DateField, Edit, EmailField, List, SearchInput, SimpleForm, TextField } from 'react-admin';

const filters = [<SearchInput key="q" source="q" alwaysOn />, <BooleanInput key="is_read" source="is_read" label="Read" />];

export const ContactMessageList = () => (
  <List filters={filters} filterDefaultValues={{ is_read: false }} sort={{ field: 'created_at', order: 'DESC' }} exporter={false}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <DateField source="created_at" label="Sent" showTime />
      <TextField source="name" />
      <EmailField source="email" />
      <TextField source="phone_number" label="Phone" />
      <TextField source="message" />
      <BooleanField source="is_read" label="Read" />
    </Datagrid>
  </List>
);

/** A message as the customer wrote it; staff only mark it read or unread. */
export const ContactMessageEdit = () => (
  <Edit mutationMode="pessimistic">
    <SimpleForm>
      <TextField source="name" />
      <EmailField source="email" />
      <TextField source="phone_number" label="Phone" />
      <TextField source="message" sx={{ whiteSpace: 'pre-wrap' }} />
      <BooleanInput source="is_read" label="Read" />
    </SimpleForm>
  </Edit>
);
