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
  SearchInput,
  Show,
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
import { KshField } from '../media/ksh-field.tsx';
import { DepositStateField } from '../deposits/deposit-state-field.tsx';
import { RefundButton } from '../purchases/refund-button.tsx';
import { AdjustBalanceButton } from './adjust-balance-button.tsx';
import { DateTimeField } from '../media/date-time-field.tsx';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Name, email or phone" />, <BooleanInput key="is_staff" source="is_staff" label="Staff" />, <BooleanInput key="is_active" source="is_active" label="Open" />];

export function CustomerList() {
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  return (
    <List filters={filters} sort={{ field: 'date_joined', order: 'DESC' }} exporter={false}>
      {phone ? (
        <SimpleList<AdminCustomer> primaryText={(c) => c.username} secondaryText={(c) => `${formatKsh(c.balance)} · ${c.purchases} videos`} tertiaryText={(c) => (c.is_staff ? 'staff' : '')} linkType="show" />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="username" />
          <EmailField source="email" />
          <TextField source="phone_number" label="Phone" emptyText="—" />
          <KshField source="balance" label="Balance" textAlign="right" />
          <NumberField source="purchases" label="Videos" />
          <BooleanField source="is_staff" label="Staff" />
          <BooleanField source="is_active" label="Open" />
          <DateTimeField source="date_joined" label="Joined" dateOnly />
        </Datagrid>
      )}
    </List>
  );
}

const ShowActions = () => (
  <TopToolbar>
    <AdjustBalanceButton />
    <EditButton label="Access" />
  </TopToolbar>
);

/** One customer: profile and balance, what they bought, their deposits and every ledger entry. */
export const CustomerShow = () => (
  <Show actions={<ShowActions />}>
    <TabbedShowLayout tabs={<TabbedShowLayoutTabs variant="scrollable" scrollButtons="auto" />}>
      <TabbedShowLayout.Tab label="Profile">
        <TextField source="username" />
        <EmailField source="email" />
        <TextField source="phone_number" label="Phone" emptyText="—" />
        <TextField source="city" emptyText="—" />
        <TextField source="country" />
        <KshField source="balance" label="Balance" textAlign="right" />
        <BooleanField source="is_staff" label="Staff" />
        <BooleanField source="is_active" label="Account open" />
        <DateTimeField source="date_joined" label="Joined" />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Purchases" path="purchases">
        <ReferenceManyField reference="purchases" target="user_id" pagination={<Pagination />} perPage={25} label={false}>
          <Datagrid bulkActionButtons={false} rowClick={false} empty={<p>No purchases yet.</p>}>
            <DateTimeField source="created_at" label="Bought" />
            <TextField source="video_title" label="Video" />
            <KshField source="price" label="Price" textAlign="right" />
            <DateTimeField source="refunded_at" label="Refunded" emptyText="—" />
            <RefundButton />
          </Datagrid>
        </ReferenceManyField>
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Deposits" path="deposits">
        <ReferenceManyField reference="deposits" target="user_id" pagination={<Pagination />} perPage={25} label={false}>
          <Datagrid bulkActionButtons={false} rowClick={false} empty={<p>No deposits yet.</p>}>
            <DateTimeField source="created_at" label="Started" />
            <KshField source="amount" label="Amount" textAlign="right" />
            <TextField source="phone" />
            <DepositStateField label="State" />
            <TextField source="receipt" emptyText="—" />
          </Datagrid>
        </ReferenceManyField>
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Ledger" path="ledger">
        <ReferenceManyField reference="ledger" target="user_id" pagination={<Pagination />} perPage={50} label={false}>
          <Datagrid bulkActionButtons={false} rowClick={false} empty={<p>No balance changes yet.</p>}>
            <DateTimeField source="created_at" label="When" />
            <TextField source="kind" />
            <KshField source="amount" label="Amount" textAlign="right" />
            <KshField source="balance_after" label="Balance after" textAlign="right" />
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
      <BooleanInput source="is_staff" label="Staff (can open the back office)" />
      <BooleanInput source="is_active" label="Account open (a closed account cannot sign in)" />
    </SimpleForm>
  </Edit>
);
