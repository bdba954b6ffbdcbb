import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  Edit,
  EditButton,
  FunctionField,
  List,
  NumberField,
  Pagination,
  ReferenceField,
  ReferenceManyField,
  SelectField,
  Show,
  SimpleForm,
  SimpleList,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  maxLength,
  required,
} from 'react-admin';
import Typography from '@mui/material/Typography';
import { formatKsh, PROMO_REDEMPTION_STATES, type AdminPromoCode, type AdminPromoRedemption } from '@store/contract';
import { csvExporter } from '../../lib/csv-export.ts';
import { usePhone } from '../../lib/use-phone.ts';
import { DateTimeField } from '../../components/date-time-field.tsx';
import { KshField } from '../../components/ksh-field.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { l } from '../../providers/words.ts';
import { useWords, w } from './words.ts';
import { promoColumns, useOffWords, useUses } from './promo-format.ts';
import { TermsInputs, kindChoices, newTerms } from './terms-inputs.tsx';

const filters = [<SearchBox key="q" source="q" alwaysOn hint={w('promo.search')} />, <BooleanInput key="active" source="active" label={w('promo.active')} />];
const exporter = csvExporter<AdminPromoCode>(promoColumns);

export function PromoCodeList() {
  const phone = usePhone();
  const off = useOffWords();
  const uses = useUses();
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={exporter}>
      {phone ? (
        <SimpleList<AdminPromoCode> primaryText={(c) => c.code} secondaryText={(c) => off(c)} tertiaryText={(c) => uses(c)} linkType="show" />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="code" label={w('promo.code')} />
          <FunctionField<AdminPromoCode> label={w('promo.off')} sortBy="percent_off" render={(c) => off(c)} />
          <DateTimeField source="valid_until" label={w('promo.valid_until')} emptyText="—" />
          <FunctionField<AdminPromoCode> label={w('promo.used')} sortBy="times_redeemed" render={(c) => uses(c)} />
          <KshField source="total_discount" label={w('promo.total_discount')} textAlign="right" />
          <BooleanField source="active" label={w('promo.active')} />
        </Datagrid>
      )}
    </List>
  );
}

function Empty() {
  const t = useWords();
  return <Typography variant="body2">{t('promo.no_redemptions')}</Typography>;
}
const stateChoices = PROMO_REDEMPTION_STATES.map((s) => ({ id: s, name: w(`promo.state_${s}`) }));

const ShowActions = () => (
  <TopToolbar>
    <EditButton />
  </TopToolbar>
);

/** One code: its terms and its use, then every redemption (who, which order, how much, its state). */
export function PromoCodeShow() {
  const t = useWords();
  const off = useOffWords();
  const uses = useUses();
  const phone = usePhone();
  return (
    <Show actions={<ShowActions />}>
      <SimpleShowLayout>
        <TextField source="code" label={w('promo.code')} />
        <FunctionField<AdminPromoCode> label={w('promo.off')} render={(c) => off(c)} />
        <FunctionField<AdminPromoCode> label={w('promo.used')} render={(c) => uses(c)} />
        <KshField source="total_discount" label={w('promo.total_discount')} />
        <DateTimeField source="valid_from" label={w('promo.valid_from')} emptyText="—" />
        <DateTimeField source="valid_until" label={w('promo.valid_until')} emptyText="—" />
        <NumberField source="per_customer" label={w('promo.per_customer')} />
        <KshField source="min_total" label={w('promo.min_total')} />
        <FunctionField<AdminPromoCode> label={w('promo.kinds')} render={(c) => c.kinds.map((k) => t(`promo.kind_${k}`)).join(', ')} />
        <BooleanField source="first_purchase_only" label={w('promo.first_purchase_only')} />
        <BooleanField source="active" label={w('promo.active')} />
        <ReferenceField source="batch_id" reference="promo-batches" label={w('promo.batch')} link="show" emptyText="—">
          <TextField source="prefix" />
        </ReferenceField>
        <TextField source="note" label={w('promo.note')} emptyText="—" />
        <ReferenceManyField reference="promo-redemptions" target="promo_code_id" sort={{ field: 'id', order: 'DESC' }} perPage={25} pagination={<Pagination />} label={w('promo.redemptions')}>
          {phone ? (
            <SimpleList<AdminPromoRedemption> primaryText={(r) => r.username} secondaryText={(r) => `${formatKsh(r.discount)} · ${r.order_reference}`} tertiaryText={(r) => t(`promo.state_${r.state}`)} linkType={false} empty={<Empty />} />
          ) : (
            <Datagrid bulkActionButtons={false} rowClick={false} empty={<Empty />}>
              <DateTimeField source="created_at" label={l('When')} />
              <ReferenceField source="user_id" reference="customers" label={l('Customer')} link="show" sortBy="username">
                <TextField source="username" />
              </ReferenceField>
              <SelectField source="kind" label={l('Kind')} choices={kindChoices} sortable={false} />
              <TextField source="order_reference" label={w('promo.order')} sortable={false} />
              <KshField source="discount" label={w('promo.discount')} textAlign="right" />
              <SelectField source="state" label={l('State')} choices={stateChoices} />
            </Datagrid>
          )}
        </ReferenceManyField>
      </SimpleShowLayout>
    </Show>
  );
}

function CodeForm() {
  const t = useWords();
  return (
    <SimpleForm>
      <TextInput source="code" label={w('promo.code')} helperText={t('promo.code_help')} validate={[required(), maxLength(32)]} parse={(v: string) => v.toUpperCase()} />
      <TermsInputs />
    </SimpleForm>
  );
}

export const PromoCodeCreate = () => (
  <Create redirect="show" record={{ ...newTerms, per_customer: 1, max_redemptions: null }}>
    <CodeForm />
  </Create>
);

/** A used code keeps its letters and what it takes off (the server says so under the field). */
export const PromoCodeEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show">
    <CodeForm />
  </Edit>
);

