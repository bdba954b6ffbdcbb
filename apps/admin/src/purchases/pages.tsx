import { BooleanInput, Datagrid, List, ReferenceField, SearchInput, TextField } from 'react-admin';
import { RefundButton } from './refund-button.tsx';
import { KshField } from '../media/ksh-field.tsx';
import { DateTimeField } from '../media/date-time-field.tsx';

// One box for what a customer tells staff: their name, phone or e-mail, or the video's title.
const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name, phone, e-mail or video" />,
  <BooleanInput key="refunded" source="refunded" label="Refunded" />,
];

export const PurchaseList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <DateTimeField source="created_at" label="Bought" />
      <ReferenceField source="user_id" reference="customers" label="Customer" link="show" sortable={false}>
        <TextField source="username" />
      </ReferenceField>
      <TextField source="video_title" label="Video" />
      <KshField source="price" label="Price" textAlign="right" />
      <DateTimeField source="refunded_at" label="Refunded" emptyText="—" />
      <RefundButton />
    </Datagrid>
  </List>
);
