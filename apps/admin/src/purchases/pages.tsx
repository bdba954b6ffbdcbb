import { BooleanInput, Datagrid, List, ReferenceField, TextField } from 'react-admin';
import { RefundButton } from './refund-button.tsx';
import { KshField } from '../media/ksh-field.tsx';
import { DateTimeField } from '../media/date-time-field.tsx';
import { SearchBox } from '../media/search-box.tsx';
import { l } from '../providers/words.ts';

// One box for what a customer tells staff: their name, phone or e-mail, or the video's title.
const filters = [
  <SearchBox key="q" source="q" alwaysOn hint="purchases.search" />,
  <BooleanInput key="refunded" source="refunded" label={l('Refunded')} />,
];

export const PurchaseList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <DateTimeField source="created_at" label={l('Bought')} />
      <ReferenceField source="user_id" reference="customers" label={l('Customer')} link="show" sortable={false}>
        <TextField source="username" />
      </ReferenceField>
      <TextField source="video_title" label={l('Video')} />
      <KshField source="price" label={l('Price')} textAlign="right" />
      <DateTimeField source="refunded_at" label={l('Refunded')} emptyText="—" />
      <RefundButton />
    </Datagrid>
  </List>
);
