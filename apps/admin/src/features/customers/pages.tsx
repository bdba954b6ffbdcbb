import {
  BooleanField,
  BooleanInput,
  Datagrid,
  Edit,
  EmailField,
  List,
  NumberField,
  Pagination,
  ReferenceManyField,
  Show,
  SelectField,
  SimpleForm,
  SimpleList,
  TabbedShowLayout,
  TabbedShowLayoutTabs,
  TextField,
  TopToolbar,
  EditButton,
} from 'react-admin';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { formatKsh, type AdminCustomer } from '@store/contract';
import { KshField } from '../../components/ksh-field.tsx';
import { ledgerKinds } from '../../lib/ledger-kinds.ts';
import { DepositStateField } from '../../components/deposit-state-field.tsx';
import { RefundButton } from '../../components/refund-button.tsx';
import { AdjustBalanceButton } from './adjust-balance-button.tsx';
import { DateTimeField } from '../../components/date-time-field.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { csvDate, csvExporter } from '../../lib/csv-export.ts';
import { l } from '../../providers/words.ts';
import { useWords, w } from './words.ts';
import type { Word } from './words.ts';

const filters = [<SearchBox key="q" source="q" alwaysOn hint={w('customers.search')} />, <BooleanInput key="is_staff" source="is_staff" label={l('Staff')} />, <BooleanInput key="is_active" source="is_active" label={l('Open')} />];

const exporter = csvExporter<AdminCustomer>([
  [l('Id'), (c) => c.id],
  [l('Username'), (c) => c.username],
  [l('Email'), (c) => c.email],
  [l('Phone'), (c) => c.phone_number ?? ''],
  [l('City'), (c) => c.city],
  [l('Balance (Ksh)'), (c) => c.balance],
  [l('Videos'), (c) => c.purchases],
  [l('Staff'), (c) => c.is_staff],
  [l('Account open'), (c) => c.is_active],
  [l('Joined'), (c) => csvDate(c.date_joined)],
]);

/** A tab's empty state, in the back office's language. */
function Empty({ id }: { id: Word }) {
  return <p>{useWords()(id)}</p>;
}

export function CustomerList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const t = useWords();
  return (
    <List filters={filters} sort={{ field: 'date_joined', order: 'DESC' }} exporter={exporter}>
      {phone ? (
        <SimpleList<AdminCustomer> primaryText={(c) => c.username} secondaryText={(c) => `${formatKsh(c.balance)} · ${t('customers.videos', { count: c.purchases })}`} tertiaryText={(c) => (c.is_staff ? t('customers.staff') : '')} linkType="show" />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="username" />
          <EmailField source="email" />
          <TextField source="phone_number" label={l('Phone')} emptyText="—" />
          <KshField source="balance" label={l('Balance')} textAlign="right" />
          <NumberField source="purchases" label={l('Videos')} />
          <BooleanField source="is_staff" label={l('Staff')} />
          <BooleanField source="is_active" label={l('Open')} />
          <DateTimeField source="date_joined" label={l('Joined')} dateOnly />
        </Datagrid>
      )}
    </List>
  );
}

const ShowActions = () => (
  <TopToolbar>
    <AdjustBalanceButton />
    <EditButton label={l('Access')} />
  </TopToolbar>
);

/** One customer: profile and balance, what they bought, their deposits and every ledger entry. */
export const CustomerShow = () => (
  <Show actions={<ShowActions />}>
    <TabbedShowLayout tabs={<TabbedShowLayoutTabs variant="scrollable" scrollButtons="auto" />}>
      <TabbedShowLayout.Tab label={l('Profile')}>
        <TextField source="username" />
        <EmailField source="email" />
        <TextField source="phone_number" label={l('Phone')} emptyText="—" />
        <TextField source="city" emptyText="—" />
        <TextField source="country" />
        <KshField source="balance" label={l('Balance')} textAlign="right" />
        <BooleanField source="is_staff" label={l('Staff')} />
        <BooleanField source="is_active" label={l('Account open')} />
        <DateTimeField source="date_joined" label={l('Joined')} dateOnly />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label={l('Purchases')} path="purchases">
        <ReferenceManyField reference="purchases" target="user_id" pagination={<Pagination />} perPage={25} label={false}>
          <Datagrid bulkActionButtons={false} rowClick={false} empty={<Empty id="customers.no_purchases" />}>
            <DateTimeField source="created_at" label={l('Bought')} />
            <TextField source="video_title" label={l('Video')} />
            <KshField source="price" label={l('Price')} textAlign="right" />
            <DateTimeField source="refunded_at" label={l('Refunded')} emptyText="—" />
            <RefundButton />
          </Datagrid>
        </ReferenceManyField>
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label={l('Deposits')} path="deposits">
        <ReferenceManyField reference="deposits" target="user_id" pagination={<Pagination />} perPage={25} label={false}>
          <Datagrid bulkActionButtons={false} rowClick={false} empty={<Empty id="customers.no_deposits" />}>
            <DateTimeField source="created_at" label={l('Started')} />
            <KshField source="amount" label={l('Amount')} textAlign="right" />
            <TextField source="phone" />
            <DepositStateField label={l('State')} />
            <TextField source="receipt" emptyText="—" />
          </Datagrid>
        </ReferenceManyField>
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label={l('Ledger')} path="ledger">
        <ReferenceManyField reference="ledger" target="user_id" pagination={<Pagination />} perPage={50} label={false}>
          <Datagrid bulkActionButtons={false} rowClick={false} empty={<Empty id="customers.no_ledger" />}>
            <DateTimeField source="created_at" label={l('When')} />
            <SelectField source="kind" choices={ledgerKinds} />
            <KshField source="amount" label={l('Amount')} textAlign="right" />
            <KshField source="balance_after" label={l('Balance after')} textAlign="right" />
            <TextField source="note" emptyText="—" />
          </Datagrid>
        </ReferenceManyField>
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  </Show>
);

/** Staff change only access: staff or not, account open or closed. */
export const CustomerEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show">
    <SimpleForm>
      <TextField source="username" />
      <BooleanInput source="is_staff" label={l('Staff (can open the back office)')} />
      <BooleanInput source="is_active" label={l('Account open (a closed account cannot sign in)')} />
    </SimpleForm>
  </Edit>
);
