import { BooleanInput, maxLength, maxValue, minValue, NumberInput, ReferenceInput, required, SelectInput, SimpleForm, TextInput } from 'react-admin';
import Stack from '@mui/material/Stack';
import { categoryChoices, ratingChoices } from './video-list.tsx';
import { l } from '../../providers/words.ts';
import { useWords, w } from './words.ts';

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
        <SelectInput source="rating" label={l('Age rating')} choices={ratingChoices} validate={required()} helperText={t('videos.rating_help')} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ width: '100%' }}>
        <NumberInput source="price" label={l('Price (Ksh)')} min={0} step={10} validate={[required(), minValue(0)]} />
        {/* Rentals (CONTRACT §11): empty is not for rent. */}
        <NumberInput source="rent_price" label={w('rentals.rent_price')} min={1} step={5} validate={minValue(1)} helperText={t('rentals.rent_price_help')} />
        <NumberInput source="rental_hours" label={w('rentals.rental_hours')} min={1} max={2160} step={1} defaultValue={48} validate={[required(), minValue(1), maxValue(2160)]} helperText={t('rentals.rental_hours_help')} />
      </Stack>
      <TextInput source="synopsis" multiline minRows={3} fullWidth validate={maxLength(5000)} />
      {/* What staff write, in Kiswahili too (issue 32 item 24): empty shows the English one. */}
      <TextInput source="synopsis_sw" multiline minRows={3} fullWidth validate={maxLength(5000)} helperText={t('videos.synopsis_sw_help')} />
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
        <BooleanInput source="published" helperText={t('videos.published_help')} />
        <BooleanInput source="suggest" label={l('Suggested')} />
        <BooleanInput source="popular" label={l('Popular')} />
      </Stack>
    </SimpleForm>
  );
}
