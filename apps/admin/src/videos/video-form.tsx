import { BooleanInput, maxLength, minValue, NumberInput, ReferenceInput, required, SelectInput, SimpleForm, TextInput } from 'react-admin';
import Stack from '@mui/material/Stack';
import { categoryChoices } from './video-list.tsx';

/** Every field of seed §3 staff may set; the DJ decides the `type`, the server counts the rest. */
export function VideoForm() {
  return (
    <SimpleForm>
      <TextInput source="title" validate={[required(), maxLength(200)]} fullWidth />
      <TextInput source="season" helperText="For series: Season 1, Season 2…" validate={maxLength(60)} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ width: '100%' }}>
        <ReferenceInput source="dj_id" reference="djs" sort={{ field: 'dj_name', order: 'ASC' }} perPage={200}>
          <SelectInput label="DJ" optionText="dj_name" validate={required()} />
        </ReferenceInput>
        <ReferenceInput source="genre_id" reference="genres" sort={{ field: 'title', order: 'ASC' }} perPage={200}>
          <SelectInput label="Genre" optionText="title" validate={required()} />
        </ReferenceInput>
        <SelectInput source="cartegory" label="Category" choices={categoryChoices} validate={required()} />
      </Stack>
      <NumberInput source="price" label="Price (Ksh)" min={0} step={10} validate={[required(), minValue(0)]} />
      <TextInput source="synopsis" multiline minRows={3} fullWidth validate={maxLength(5000)} />
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
        <BooleanInput source="published" helperText="Unpublished videos leave the store; owners keep them." />
        <BooleanInput source="suggest" label="Suggested" />
        <BooleanInput source="popular" label="Popular" />
      </Stack>
    </SimpleForm>
  );
}
