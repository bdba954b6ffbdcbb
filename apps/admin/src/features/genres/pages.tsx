import { Create, Datagrid, Edit, List, SearchInput, SimpleForm, TextField, TextInput, required } from 'react-admin';
import { DateTimeField } from '../../components/date-time-field.tsx';
import { csvDate, csvExporter } from '../../lib/csv-export.ts';
import { l } from '../../providers/words.ts';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

const exporter = csvExporter<{ id: number; title: string; created_at: string }>([
  [l('Id'), (g) => g.id],
  [l('Title'), (g) => g.title],
  [l('Added'), (g) => csvDate(g.created_at)],
]);

export const GenreList = () => (
  <List filters={filters} sort={{ field: 'title', order: 'ASC' }} exporter={exporter}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="title" />
      <DateTimeField source="created_at" label={l('Added')} />
    </Datagrid>
  </List>
);

const GenreForm = () => (
  <SimpleForm>
    <TextInput source="title" validate={required()} />
  </SimpleForm>
);

export const GenreEdit = () => (
  <Edit mutationMode="pessimistic">
    <GenreForm />
  </Edit>
);

export const GenreCreate = () => (
  <Create redirect="list">
    <GenreForm />
  </Create>
);
