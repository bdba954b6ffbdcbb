import { BooleanInput, maxLength, minValue, NumberInput, ReferenceInput, required, SelectInput, SimpleForm, TextInput } from 'react-admin';
import Stack from '@mui/material/Stack';
import { categoryChoices } from './video-list.tsx';
import { l, useWords } from '../providers/words.ts';

/** Every field of seed §3 staff may set; the DJ decides the `type`, the server counts the rest. */
export function VideoForm() {
  const t = useWords();
  return (
    <SimpleForm>
      <TextInput source="title" validate={[required(), maxLength(200)]} fullWidth />
      <TextInput source="season" helperText={t('videos.season_help')} validate={maxLength(60)} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ width: '100%' }}>
        <ReferenceInput source="dj_id" reference="djs" sort={{ field: 'dj_name', order: 'ASC' }} perPage={200}>
          <SelectInput label={l('DJ')} optionText="dj_name" validate={required()} />
        </ReferenceInput>
        <ReferenceInput source="genre_id" reference="genres" sort={{ field: 'title', order: 'ASC' }} perPage={200}>
          <SelectInput label={l('Genre')} optionText="title" validate={required()} />
        </ReferenceInput>
        <SelectInput source="cartegory" label={l('Category')} choices={categoryChoices} validate={required()} />
      </Stack>
      <NumberInput source="price" label={l('Price (Ksh)')} min={0} step={10} validate={[required(), minValue(0)]} />
      <TextInput source="synopsis" multiline minRows={3} fullWidth validate={maxLength(5000)} />
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
        <BooleanInput source="published" helperText={t('videos.published_help')} />
        <BooleanInput source="suggest" label={l('Suggested')} />
        <BooleanInput source="popular" label={l('Popular')} />
      </Stack>
    </SimpleForm>
  );
}
