import { BooleanField, BooleanInput, Datagrid, List, NumberField, ReferenceField, ReferenceInput, SearchInput, SelectField, SelectInput, SimpleList, TextField, useRecordContext } from 'react-admin';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { CATEGORIES, formatKsh, type AdminVideo } from '@store/contract';
import { JobChip, mediaLabel } from './job-chip.tsx';
import { KshField } from '../media/ksh-field.tsx';
import { DateTimeField } from '../media/date-time-field.tsx';
import { l, useWords, w } from '../providers/words.ts';

/** The categories by name (react-admin translates a choice's name as a key). */
export const categoryChoices = CATEGORIES.map((c) => ({ id: c, name: w(`videos.${c}`) }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="dj" source="dj_id" reference="djs" sort={{ field: 'dj_name', order: 'ASC' }}>
    <SelectInput label={l('DJ')} optionText="dj_name" />
  </ReferenceInput>,
  <ReferenceInput key="genre" source="genre_id" reference="genres" sort={{ field: 'title', order: 'ASC' }}>
    <SelectInput label={l('Genre')} optionText="title" />
  </ReferenceInput>,
  <SelectInput key="cartegory" source="cartegory" label={l('Category')} choices={categoryChoices} />,
  <BooleanInput key="published" source="published" label={l('Published')} />,
  <BooleanInput key="suggest" source="suggest" label={l('Suggested')} />,
  <BooleanInput key="popular" source="popular" label={l('Popular')} />,
];

function Poster() {
  const v = useRecordContext<AdminVideo>();
  if (!v?.poster) return null;
  return <img src={v.poster} alt="" width={40} height={60} loading="lazy" style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }} />;
}

function Media(_props: { label?: string }) {
  const v = useRecordContext<AdminVideo>();
  return v ? <JobChip video={v} /> : null;
}

/** The catalogue as staff see it: unpublished videos too, with where each one's media stands. */
export function VideoList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const t = useWords();
  return (
    <List filters={filters} sort={{ field: 'date_uploaded', order: 'DESC' }} exporter={false}>
      {phone ? (
        <SimpleList<AdminVideo>
          primaryText={(v) => `${v.title}${v.season ? ` · ${v.season}` : ''}`}
          secondaryText={(v) => [formatKsh(v.price), mediaLabel(v, t).label, ...(v.published ? [] : [t('videos.unpublished')])].join(' · ')}
          leftAvatar={(v) => (v.poster ? <img src={v.poster} alt="" width={40} height={60} style={{ objectFit: 'cover' }} /> : null)}
          linkType="edit"
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <Poster />
          <TextField source="title" />
          <TextField source="season" emptyText="—" />
          <ReferenceField source="dj_id" reference="djs" label={l('DJ')} link={false} />
          <ReferenceField source="genre_id" reference="genres" label={l('Genre')} link={false} />
          <SelectField source="cartegory" label={l('Category')} choices={categoryChoices} />
          <KshField source="price" label={l('Price')} textAlign="right" />
          <NumberField source="purchase_times" label={l('Sold')} />
          <BooleanField source="published" />
          <Media label={l('Media')} />
          <DateTimeField source="date_uploaded" label={l('Added')} dateOnly />
        </Datagrid>
      )}
    </List>
  );
}
