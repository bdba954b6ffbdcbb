import { BooleanField, BooleanInput, Datagrid, List, NumberField, ReferenceField, ReferenceInput, SearchInput, SelectField, SelectInput, SimpleList, TextField, useRecordContext } from 'react-admin';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { CATEGORIES, RATINGS, formatKsh, type AdminVideo } from '@store/contract';
import { JobChip, mediaLabel } from './job-chip.tsx';
import { KshField } from '../../components/ksh-field.tsx';
import { DateTimeField } from '../../components/date-time-field.tsx';
import { csvDate, csvExporter } from '../../lib/csv-export.ts';
import { l } from '../../providers/words.ts';
import { useWords, w, type Word } from './words.ts';

/** The categories by name (react-admin translates a choice's name as a key). */
export const categoryChoices = CATEGORIES.map((c) => ({ id: c, name: w(`videos.${c}`) }));
/** KFCB ratings with what each means (CONTRACT §13). */
export const ratingChoices = RATINGS.map((r) => ({ id: r, name: w(`videos.rating_${r}`) }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="dj" source="dj_id" reference="djs" sort={{ field: 'dj_name', order: 'ASC' }}>
    <SelectInput label={l('DJ')} optionText="dj_name" />
  </ReferenceInput>,
  <ReferenceInput key="genre" source="genre_id" reference="genres" sort={{ field: 'title', order: 'ASC' }}>
    <SelectInput label={l('Genre')} optionText="title" />
  </ReferenceInput>,
  <SelectInput key="cartegory" source="cartegory" label={l('Category')} choices={categoryChoices} />,
  <SelectInput key="rating" source="rating" label={l('Age rating')} choices={ratingChoices} />,
  <BooleanInput key="published" source="published" label={l('Published')} />,
  <BooleanInput key="suggest" source="suggest" label={l('Suggested')} />,
  <BooleanInput key="popular" source="popular" label={l('Popular')} />,
];

const exporter = csvExporter<AdminVideo, Word>(
  [
    [l('Id'), (v) => v.id],
    [l('Title'), (v) => v.title],
    [l('Season'), (v) => v.season ?? ''],
    [l('DJ'), (v, c) => String(c.related.dj_id?.[v.dj_id]?.dj_name ?? '')],
    [l('Genre'), (v, c) => String(c.related.genre_id?.[v.genre_id]?.title ?? '')],
    [l('Category'), (v, c) => (CATEGORIES as readonly string[]).includes(v.cartegory) ? c.t(`videos.${v.cartegory as (typeof CATEGORIES)[number]}`) : v.cartegory],
    [l('Price (Ksh)'), (v) => v.price],
    [l('Age rating'), (v) => v.rating],
    [l('Sold'), (v) => v.purchase_times],
    [l('Published'), (v) => v.published],
    [l('Media'), (v, c) => mediaLabel(v, c.t).label],
    [l('Added'), (v) => csvDate(v.date_uploaded)],
  ],
  { dj_id: 'djs', genre_id: 'genres' },
);

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
    <List filters={filters} sort={{ field: 'date_uploaded', order: 'DESC' }} exporter={exporter}>
      {phone ? (
        <SimpleList<AdminVideo>
          primaryText={(v) => `${v.title}${v.season ? ` · ${v.season}` : ''} · ${v.rating}`}
          secondaryText={(v) => [formatKsh(v.price), mediaLabel(v, t).label, ...(v.published ? [] : [t('videos.unpublished')])].join(' · ')}
          leftAvatar={(v) => (v.poster ? <img src={v.poster} alt="" width={40} height={60} style={{ objectFit: 'cover' }} /> : null)}
          linkType="edit"
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <Poster />
          <TextField source="title" />
          <TextField source="season" emptyText="—" />
          <ReferenceField source="dj_id" reference="djs" label={l('DJ')} link={false} sortBy="dj_name" />
          <ReferenceField source="genre_id" reference="genres" label={l('Genre')} link={false} sortBy="genre_title" />
          <SelectField source="cartegory" label={l('Category')} choices={categoryChoices} />
          <TextField source="rating" label={l('Age rating')} sortable />
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
