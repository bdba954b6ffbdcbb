import { BooleanInput, Datagrid, DateField, List, NumberInput, TextField } from 'react-admin';
import { RefundButton } from './refund-button.tsx';
import { KshField } from '../media/ksh-field.tsx';

const filters = [<NumberInput key="user_id" source="user_id" label="Customer id" />, <NumberInput key="video_id" source="video_id" label="Video id" />, <BooleanInput key="refunded" source="refunded" label="Refunded" />];

export const PurchaseList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <DateField source="created_at" label="Bought" showTime />
      <TextField source="username" label="Customer" />
      <TextField source="video_title" label="Video" />
      <KshField source="price" label="Price" textAlign="right" />
      <DateField source="refunded_at" label="Refunded" showTime emptyText="—" />
      <RefundButton />
    </Datagrid>
  </List>
);
