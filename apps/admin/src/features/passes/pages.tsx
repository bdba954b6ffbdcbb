import {
  AutocompleteInput,
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  Edit,
  FormDataConsumer,
  FunctionField,
  List,
  NumberField,
  NumberInput,
  ReferenceInput,
  SaveButton,
  SelectField,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextField,
  TextInput,
  Toolbar,
  maxLength,
  maxValue,
  minValue,
  required,
} from 'react-admin';
import { formatDate, formatKsh, type AdminPassProductInput, type PassProduct, type PassRenewal } from '@store/contract';
import { usePhone } from '../../lib/use-phone.ts';
import { SearchBox } from '../../components/search-box.tsx';
import { DateTimeField } from '../../components/date-time-field.tsx';
import { KshField } from '../../components/ksh-field.tsx';
import { useWords, w } from './words.ts';

/** A pass product as the back office lists it (video_count when the server sends it). */
type PassRecord = Omit<PassProduct, 'video_count'> & { video_count?: number };
/** A customer's pass, for staff. */
interface CustomerPassRecord {
  id: number;
  username: string;
  title: string;
  starts_at: string;
  ends_at: string;
  renewal: PassRenewal;
  live: boolean;
}

const scopeChoices = [
  { id: 'all', name: w('passes.scope_all') },
  { id: 'dj', name: w('passes.scope_dj') },
  { id: 'genre', name: w('passes.scope_genre') },
  { id: 'category', name: w('passes.scope_category') },
];
const categoryChoices = ['movie', 'series', 'anime', 'guide'].map((id) => ({ id, name: w(`passes.category_${id}` as 'passes.category_movie') }));
const renewalChoices = [
  { id: 'off', name: w('passes.renewal_off') },
  { id: 'prompt', name: w('passes.renewal_prompt') },
  { id: 'standing_order', name: w('passes.renewal_standing_order') },
];

/** "Everything", or the kind and the DJ's, genre's or category's name. */
function useScopeText() {
  const t = useWords();
  return (p: PassRecord) => (p.scope.kind === 'all' ? t('passes.scope_all') : `${t(`passes.scope_${p.scope.kind}`)}: ${p.scope.name ?? p.scope.value ?? ''}`);
}
/** 24 → "24 h (1 d)": hours as staff type them, days beside when whole. */
const hoursText = (hours: number) => (hours % 24 === 0 ? `${hours} h (${hours / 24} d)` : `${hours} h`);

const filters = [<SearchBox key="q" source="q" alwaysOn hint={w('passes.search')} />, <BooleanInput key="active" source="active" label={w('passes.active')} />];

export function PassList() {
  const phone = usePhone();
  const scope = useScopeText();
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
      {phone ? (
        <SimpleList<PassRecord> primaryText={(p) => p.title} secondaryText={(p) => `${scope(p)} · ${hoursText(p.hours)}`} tertiaryText={(p) => formatKsh(p.price)} linkType="edit" />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="title" label={w('passes.title')} />
          <FunctionField<PassRecord> label={w('passes.scope')} sortable={false} render={scope} />
          <FunctionField<PassRecord> source="hours" label={w('passes.hours')} render={(p) => hoursText(p.hours)} />
          <KshField source="price" label={w('passes.price')} textAlign="right" />
          <NumberField source="video_count" label={w('passes.videos')} sortable={false} emptyText="—" />
          <BooleanField source="active" label={w('passes.active')} />
        </Datagrid>
      )}
    </List>
  );
}

/** The DJ, genre or category a pass covers, asked only for that kind. */
function ScopeValueInput() {
  return (
    <FormDataConsumer<AdminPassProductInput>>
      {({ formData }) =>
        formData.scope?.kind === 'dj' ? (
          <ReferenceInput source="scope.value" reference="djs" sort={{ field: 'dj_name', order: 'ASC' }}>
            <AutocompleteInput label={w('passes.dj')} optionText="dj_name" filterToQuery={(q) => ({ q })} validate={required()} />
          </ReferenceInput>
        ) : formData.scope?.kind === 'genre' ? (
          <ReferenceInput source="scope.value" reference="genres" sort={{ field: 'title', order: 'ASC' }}>
            <AutocompleteInput label={w('passes.genre')} optionText="title" filterToQuery={(q) => ({ q })} validate={required()} />
          </ReferenceInput>
        ) : formData.scope?.kind === 'category' ? (
          <SelectInput source="scope.value" label={w('passes.category')} choices={categoryChoices} validate={required()} />
        ) : null
      }
    </FormDataConsumer>
  );
}

// Withdrawn, not deleted: a pass customers hold keeps its product (turn "On sale" off instead).
const SaveOnly = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

function PassForm() {
  const t = useWords();
  return (
    <SimpleForm toolbar={<SaveOnly />}>
      <TextInput source="title" label={w('passes.title')} validate={[required(), maxLength(120)]} fullWidth />
      <SelectInput source="scope.kind" label={w('passes.scope_kind')} choices={scopeChoices} validate={required()} />
      <ScopeValueInput />
      <NumberInput source="hours" label={w('passes.hours')} helperText={t('passes.hours_help')} validate={[required(), minValue(1), maxValue(24 * 366)]} />
      <NumberInput source="price" label={w('passes.price')} validate={[required(), minValue(1), maxValue(100_000)]} />
      <BooleanInput source="active" label={w('passes.active')} helperText={t('passes.active_help')} />
    </SimpleForm>
  );
}

/** What the server takes (adminPassProductInputSchema): the scope's value only for a DJ, genre or category. */
export const toInput = (data: Record<string, unknown>): AdminPassProductInput => {
  const p = data as unknown as AdminPassProductInput;
  const kind = p.scope?.kind ?? 'all';
  return { title: p.title, scope: { kind, value: kind === 'all' ? null : (p.scope.value ?? null) }, hours: Number(p.hours), price: Number(p.price), active: p.active !== false };
};

export const PassCreate = () => (
  <Create redirect="list" record={{ scope: { kind: 'all', value: null }, hours: 24, active: true }} transform={toInput}>
    <PassForm />
  </Create>
);

export const PassEdit = () => (
  <Edit mutationMode="pessimistic" transform={toInput}>
    <PassForm />
  </Edit>
);

const customerFilters = [<SearchBox key="q" source="q" alwaysOn hint={w('passes.customer')} />, <BooleanInput key="live" source="live" label={w('passes.live')} />];

/** Customers' passes: who holds which, from when to when, how it renews, and whether it is live. */
export function CustomerPassList() {
  const phone = usePhone();
  const t = useWords();
  return (
    <List filters={customerFilters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
      {phone ? (
        <SimpleList<CustomerPassRecord>
          primaryText={(p) => p.title}
          secondaryText={(p) => `${p.username} · ${t(`passes.renewal_${p.renewal}`)}`}
          tertiaryText={(p) => `${t('passes.ends_at')} ${formatDate(p.ends_at)}`}
          linkType={false}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="username" label={w('passes.customer')} sortable={false} />
          <TextField source="title" label={w('passes.title')} sortable={false} />
          <DateTimeField source="starts_at" label={w('passes.starts_at')} />
          <DateTimeField source="ends_at" label={w('passes.ends_at')} />
          <SelectField source="renewal" label={w('passes.renewal')} choices={renewalChoices} sortable={false} />
          <BooleanField source="live" label={w('passes.live')} sortable={false} />
        </Datagrid>
      )}
    </List>
  );
}
