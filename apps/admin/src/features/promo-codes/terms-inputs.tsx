import { AutocompleteArrayInput, BooleanInput, CheckboxGroupInput, DateTimeInput, NumberInput, ReferenceArrayInput, TextInput, maxLength, minValue, maxValue } from 'react-admin';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PROMO_KINDS } from '@store/contract';
import { useWords, w } from './words.ts';

export const kindChoices = PROMO_KINDS.map((k) => ({ id: k, name: w(`promo.kind_${k}`) }));
const row = { direction: { xs: 'column', sm: 'row' }, spacing: { xs: 0, sm: 2 }, sx: { width: '100%' } } as const;

/**
 * What a code takes off, when, and on what: the inputs a code and a batch share. The server checks
 * them again (one of percent and Ksh, dates in order) and its field errors show under the inputs.
 */
export function TermsInputs({ batch = false }: { batch?: boolean }) {
  const t = useWords();
  return (
    <>
      <Typography variant="subtitle2">{t('promo.off')}</Typography>
      <Stack {...row}>
        <NumberInput source="percent_off" label={w('promo.percent_off')} min={1} max={100} validate={[minValue(1), maxValue(100)]} helperText={t('promo.off_help')} />
        <NumberInput source="amount_off" label={w('promo.amount_off')} min={1} validate={minValue(1)} />
      </Stack>
      <Stack {...row}>
        <DateTimeInput source="valid_from" label={w('promo.valid_from')} />
        <DateTimeInput source="valid_until" label={w('promo.valid_until')} />
      </Stack>
      <Stack {...row}>
        {!batch && <NumberInput source="max_redemptions" label={w('promo.max_redemptions')} min={1} validate={minValue(1)} helperText={t('promo.max_help')} />}
        {!batch && <NumberInput source="per_customer" label={w('promo.per_customer')} min={1} validate={minValue(1)} />}
        <NumberInput source="min_total" label={w('promo.min_total')} min={0} validate={minValue(0)} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('promo.applies_help')}
      </Typography>
      <ReferenceArrayInput source="applies_to.video_ids" reference="videos" sort={{ field: 'title', order: 'ASC' }} perPage={50}>
        <AutocompleteArrayInput label={w('promo.applies_videos')} optionText={(v: { title: string; season: string | null }) => (v.season ? `${v.title} (${v.season})` : v.title)} filterToQuery={(q) => ({ q })} fullWidth />
      </ReferenceArrayInput>
      <Stack {...row}>
        <ReferenceArrayInput source="applies_to.dj_ids" reference="djs" sort={{ field: 'dj_name', order: 'ASC' }} perPage={200}>
          <AutocompleteArrayInput label={w('promo.applies_djs')} optionText="dj_name" filterToQuery={(q) => ({ q })} sx={{ minWidth: 220 }} />
        </ReferenceArrayInput>
        <ReferenceArrayInput source="applies_to.genre_ids" reference="genres" sort={{ field: 'title', order: 'ASC' }} perPage={200}>
          <AutocompleteArrayInput label={w('promo.applies_genres')} optionText="title" filterToQuery={(q) => ({ q })} sx={{ minWidth: 220 }} />
        </ReferenceArrayInput>
        <ReferenceArrayInput source="applies_to.bundle_ids" reference="bundles" sort={{ field: 'id', order: 'ASC' }} perPage={200}>
          <AutocompleteArrayInput label={w('promo.applies_bundles')} optionText="title" sx={{ minWidth: 220 }} />
        </ReferenceArrayInput>
      </Stack>
      <CheckboxGroupInput source="kinds" label={w('promo.kinds')} choices={kindChoices} />
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
        <BooleanInput source="first_purchase_only" label={w('promo.first_purchase_only')} />
        <BooleanInput source="active" label={w('promo.active')} />
      </Stack>
      <TextInput source="note" label={w('promo.note')} validate={maxLength(200)} fullWidth />
    </>
  );
}

/** A new code's or batch's starting values, as the server would default them. */
export const newTerms = {
  percent_off: null,
  amount_off: null,
  min_total: 0,
  applies_to: { video_ids: [], dj_ids: [], genre_ids: [], bundle_ids: [] },
  kinds: [...PROMO_KINDS],
  first_purchase_only: false,
  active: true,
  note: '',
};
