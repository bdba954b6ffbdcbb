import { useEffect, useState } from 'react';
import {
  AutocompleteArrayInput,
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  Edit,
  FunctionField,
  List,
  NumberField,
  NumberInput,
  ReferenceArrayInput,
  SelectField,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextField,
  TextInput,
  maxLength,
  maxValue,
  minValue,
  required,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextFieldMui from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatKsh, type AdminBundle } from '@store/contract';
import { csvExporter } from '../../lib/csv-export.ts';
import { usePhone } from '../../lib/use-phone.ts';
import { SearchBox } from '../../components/search-box.tsx';
import { httpClient } from '../../providers/data-provider.ts';
import { l } from '../../providers/words.ts';
import { useWords, w } from './words.ts';

const kindChoices = [
  { id: 'all_seasons', name: w('bundle.kind_all_seasons') },
  { id: 'staff', name: w('bundle.kind_staff') },
];
const filters = [<SearchBox key="q" source="q" alwaysOn hint={w('bundle.search')} />, <SelectInput key="kind" source="kind" label={w('bundle.kind')} choices={kindChoices} />];
const exporter = csvExporter<AdminBundle>([
  [l('Id'), (b) => b.id],
  [l('Title'), (b) => b.title],
  [l('Kind'), (b) => b.kind],
  [l('Price (Ksh)'), (b) => b.price],
  [l('Sold'), (b) => b.sold],
]);

/** The one discount every season pass takes off (PUT /api/admin/bundle-settings). */
function AllSeasonsDiscount() {
  const t = useWords();
  const notify = useNotify();
  const refresh = useRefresh();
  const [percent, setPercent] = useState<string>('');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    httpClient('/api/admin/bundle-settings')
      .then((r) => setPercent(String((r.json as { all_seasons_discount_percent: number }).all_seasons_discount_percent)))
      // Unreadable now: the field stays empty and Save stays off; the list below still works.
      .catch(() => undefined);
  }, []);
  async function save() {
    setSaving(true);
    try {
      await httpClient('/api/admin/bundle-settings', { method: 'PUT', body: JSON.stringify({ all_seasons_discount_percent: percent }) });
      notify(w('bundle.settings_saved'), { type: 'success' });
      refresh();
    } catch (err) {
      notify(err instanceof Error ? err.message : String(err), { type: 'error' });
    } finally {
      setSaving(false);
    }
  }
  return (
    <Card variant="outlined" sx={{ mb: 1 }}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <TextFieldMui label={t('bundle.settings')} value={percent} onChange={(e) => setPercent(e.target.value)} size="small" slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-describedby': 'all-seasons-help' } }} sx={{ maxWidth: 200 }} />
          <Button variant="contained" onClick={() => void save()} disabled={saving || percent === ''}>
            {t('bundle.save')}
          </Button>
        </Stack>
        <Typography id="all-seasons-help" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('bundle.settings_help')}
        </Typography>
      </CardContent>
    </Card>
  );
}

export function BundleList() {
  const phone = usePhone();
  return (
    <>
      <AllSeasonsDiscount />
      <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={exporter}>
        {phone ? (
          <SimpleList<AdminBundle> primaryText={(b) => b.title} secondaryText={(b) => `${formatKsh(b.price)} · −${b.discount_percent}%`} tertiaryText={(b) => String(b.sold)} linkType="edit" />
        ) : (
          <Datagrid rowClick="edit" bulkActionButtons={false}>
            <TextField source="title" label={w('bundle.title')} />
            <SelectField source="kind" label={w('bundle.kind')} choices={kindChoices} />
            <FunctionField<AdminBundle> label={w('bundle.videos')} render={(b) => b.video_ids.length} />
            <NumberField source="discount_percent" label={w('bundle.discount')} />
            {/* Worked out from the videos' prices: not a column the server sorts by. */}
            <FunctionField<AdminBundle> label={w('bundle.list_total')} textAlign="right" sortable={false} render={(b) => formatKsh(b.list_total)} />
            <FunctionField<AdminBundle> label={w('bundle.price')} textAlign="right" sortable={false} render={(b) => formatKsh(b.price)} />
            <NumberField source="sold" label={w('bundle.sold')} sortable={false} />
            <BooleanField source="published" label={w('bundle.published')} />
          </Datagrid>
        )}
      </List>
    </>
  );
}

const named = (v: { title: string; season: string | null }) => (v.season ? `${v.title} (${v.season})` : v.title);

function VideosInput() {
  const record = useRecordContext<AdminBundle>();
  const t = useWords();
  const followsSeries = record?.kind === 'all_seasons';
  return (
    <>
      <ReferenceArrayInput source="video_ids" reference="videos" sort={{ field: 'title', order: 'ASC' }} perPage={50}>
        <AutocompleteArrayInput label={w('bundle.videos')} optionText={named} filterToQuery={(q) => ({ q })} disabled={followsSeries} validate={followsSeries ? undefined : required()} fullWidth />
      </ReferenceArrayInput>
      {followsSeries ? (
        <Typography variant="body2" color="text.secondary">
          {t('bundle.videos_follow_series')}
        </Typography>
      ) : null}
    </>
  );
}

function BundleForm() {
  const t = useWords();
  return (
    <SimpleForm>
      <TextInput source="title" label={w('bundle.title')} validate={[required(), maxLength(200)]} fullWidth />
      <TextInput source="description" label={w('bundle.description')} multiline minRows={2} validate={maxLength(5000)} fullWidth />
      <VideosInput />
      <NumberInput source="discount_percent" label={w('bundle.discount')} helperText={t('bundle.discount_help')} validate={[required(), minValue(0), maxValue(90)]} />
      <BooleanInput source="published" label={w('bundle.published')} />
    </SimpleForm>
  );
}

export const BundleCreate = () => (
  <Create redirect="list" record={{ discount_percent: 20, published: true, video_ids: [] }}>
    <BundleForm />
  </Create>
);

export const BundleEdit = () => (
  <Edit mutationMode="pessimistic">
    <BundleForm />
  </Edit>
);
