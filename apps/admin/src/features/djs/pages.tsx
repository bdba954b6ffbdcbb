import { Link } from 'react-router-dom';
import { Create, Datagrid, Edit, FunctionField, List, NumberField, NumberInput, SearchInput, SimpleForm, TextField, TextInput, maxValue, minValue, required } from 'react-admin';
import Button from '@mui/material/Button';
import { DateTimeField } from '../../components/date-time-field.tsx';
import { csvDate, csvExporter } from '../../lib/csv-export.ts';
import { l } from '../../providers/words.ts';
import { useWords } from './words.ts';
import { DjLoginButton } from './dj-login-button.tsx';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

const exporter = csvExporter<{ id: number; dj_name: string; created_at: string; payout_phone: string | null }>([
  [l('Id'), (d) => d.id],
  [l('DJ name'), (d) => d.dj_name],
  [l('Added'), (d) => csvDate(d.created_at)],
  [l('Phone'), (d) => d.payout_phone ?? ''],
]);

export const DjList = () => {
  const t = useWords();
  return (
    <List filters={filters} sort={{ field: 'dj_name', order: 'ASC' }} exporter={exporter}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" />
        <TextField source="dj_name" label={l('DJ name')} />
        <NumberField source="revenue_share_percent" label={t('djs.share')} />
        <TextField source="payout_phone" label={t('djs.payout_phone')} emptyText="—" sortable={false} />
        <DateTimeField source="created_at" label={l('Added')} dateOnly />
        <FunctionField<{ id: number }> label={t('djs.statement')} sortable={false} render={(d) => <Button component={Link} to={`/statements?dj=${d.id}`} size="small" onClick={(e: React.MouseEvent) => e.stopPropagation()}>{t('djs.statement')}</Button>} />
      </Datagrid>
    </List>
  );
};

/** The name the storefront shows, and what the books need: the DJ's share and where payouts go (CONTRACT §12). */
const DjForm = ({ withLogin = false }: { withLogin?: boolean }) => {
  const t = useWords();
  return (
    <SimpleForm>
      <TextInput source="dj_name" label={l('DJ name')} validate={required()} />
      <NumberInput source="revenue_share_percent" label={t('djs.share')} helperText={t('djs.share_help')} min={0} max={100} step={1} defaultValue={0} validate={[minValue(0), maxValue(100)]} />
      <TextInput source="payout_phone" label={t('djs.payout_phone')} parse={(v: string) => v || null} />
      {withLogin && <DjLoginButton />}
    </SimpleForm>
  );
};

export const DjEdit = () => (
  <Edit mutationMode="pessimistic">
    <DjForm withLogin />
  </Edit>
);

export const DjCreate = () => (
  <Create redirect="list">
    <DjForm />
  </Create>
);
