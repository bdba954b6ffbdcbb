import { Create, Datagrid, Edit, List, SearchInput, SimpleForm, TextField, TextInput, required } from 'react-admin';
import { DateTimeField } from '../media/date-time-field.tsx';
import { l } from '../providers/words.ts';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export const DjList = () => (
  <List filters={filters} sort={{ field: 'dj_name', order: 'ASC' }}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="dj_name" label={l('DJ name')} />
      <DateTimeField source="created_at" label={l('Added')} />
    </Datagrid>
  </List>
);

const DjForm = () => (
  <SimpleForm>
    <TextInput source="dj_name" label={l('DJ name')} validate={required()} />
  </SimpleForm>
);

export const DjEdit = () => (
  <Edit mutationMode="pessimistic">
    <DjForm />
  </Edit>
);

export const DjCreate = () => (
  <Create redirect="list">
    <DjForm />
  </Create>
);
