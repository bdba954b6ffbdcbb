import { Create, Datagrid, Edit, List, maxLength, NumberField, NumberInput, required, SelectField, SelectInput, SimpleForm, TextField, TextInput, useRecordContext, useRefresh } from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AdminPerson } from '@store/contract';
import { PictureButton } from '../../components/picture-button.tsx';
import { csvExporter } from '../../lib/csv-export.ts';
import { l } from '../../providers/words.ts';
import { useWords, w, type Word } from './words.ts';

const roles = [
  { id: 'ceo', name: w('people.ceo') },
  { id: 'team', name: w('people.team') },
];

function Picture({ size }: { size: number }) {
  const p = useRecordContext<AdminPerson>();
  const t = useWords();
  if (!p?.picture) return null;
  return <img src={p.picture} alt={size > 60 ? t('people.picture_of', { name: p.full_name }) : ''} width={size} height={size} style={{ borderRadius: '50%', objectFit: 'cover', display: 'block' }} />;
}

const exporter = csvExporter<AdminPerson, Word>([
  [l('Name'), (p) => p.full_name],
  [l('Title'), (p) => p.title],
  [l('Role'), (p, c) => c.t(`people.${p.role}`)],
  [l('Order'), (p) => p.sort_order],
  [l('Message'), (p) => p.message],
]);

export const PersonList = () => (
  <List sort={{ field: 'sort_order', order: 'ASC' }} exporter={exporter}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <Picture size={40} />
      <TextField source="full_name" label={l('Name')} />
      <TextField source="title" />
      <SelectField source="role" choices={roles} />
      <NumberField source="sort_order" label={l('Order')} />
    </Datagrid>
  </List>
);

const PersonForm = () => (
  <SimpleForm>
    <SelectInput source="role" choices={roles} validate={required()} />
    <TextInput source="full_name" label={l('Name')} validate={[required(), maxLength(100)]} />
    <TextInput source="title" helperText={w('people.title_help')} validate={[required(), maxLength(100)]} />
    <TextInput source="message" multiline minRows={3} fullWidth helperText={w('people.message_help')} validate={maxLength(2000)} />
    {/* What staff write, in Kiswahili too (issue 32 item 24): empty shows the English. */}
    <TextInput source="title_sw" helperText={w('people.kiswahili_help')} validate={maxLength(100)} />
    <TextInput source="message_sw" multiline minRows={3} fullWidth helperText={w('people.kiswahili_help')} validate={maxLength(2000)} />
    <NumberInput source="sort_order" label={l('Order on /about')} min={0} />
  </SimpleForm>
);

function PicturePanel() {
  const p = useRecordContext<AdminPerson>();
  const refresh = useRefresh();
  const t = useWords();
  if (!p) return null;
  return (
    <Box component="section" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="subtitle2" component="h2" sx={{ width: '100%' }}>
        {t('people.picture')}
      </Typography>
      <Picture size={96} />
      <PictureButton path={`/people/${p.id}/picture`} label={p.picture ? t('people.change_picture') : t('people.upload_picture')} onDone={refresh} />
    </Box>
  );
}

export const PersonEdit = () => (
  <Edit mutationMode="pessimistic">
    <PersonForm />
    <PicturePanel />
  </Edit>
);

export const PersonCreate = () => (
  <Create redirect="edit" record={{ role: 'team', sort_order: 0, message: '' }}>
    <PersonForm />
  </Create>
);
