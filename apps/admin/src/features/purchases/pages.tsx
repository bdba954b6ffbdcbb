import { BooleanInput, Datagrid, FunctionField, List, ReferenceField, SimpleList, TextField } from 'react-admin';
import { formatDate, formatKsh, type AdminPurchase } from '@store/contract';
import { RefundButton } from '../../components/refund-button.tsx';
import { csvDate, csvExporter } from '../../lib/csv-export.ts';
import { usePhone } from '../../lib/use-phone.ts';
import { KshField } from '../../components/ksh-field.tsx';
import { DateTimeField } from '../../components/date-time-field.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { l } from '../../providers/words.ts';
import { useWords, w } from './words.ts';

// One box for what a customer tells staff: their name, phone or e-mail, or the video's title.
const filters = [
  <SearchBox key="q" source="q" alwaysOn hint={w('purchases.search')} />,
  <BooleanInput key="refunded" source="refunded" label={l('Refunded')} />,
];

const exporter = csvExporter<AdminPurchase>([
  [l('Bought'), (p) => csvDate(p.created_at)],
  [l('Customer'), (p) => p.username],
  [l('Video'), (p) => p.video_title],
  [l('Price (Ksh)'), (p) => p.price],
  [l('Kind'), (p, c) => (p.kind ? c.t(`statements.kind_${p.kind}`) : '')],
  // A promo word as a header: react-admin translates `store.<id>` keys as it does labels.
  [w('promo.code') as Parameters<typeof l>[0], (p) => p.promo_code ?? ''],
  [l('Refunded'), (p) => csvDate(p.refunded_at)],
]);

export function PurchaseList() {
  const phone = usePhone();
  const t = useWords();
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={exporter}>
      {phone ? (
        <SimpleList<AdminPurchase>
          primaryText={(p) => p.video_title}
          secondaryText={(p) => `${p.username} · ${formatKsh(p.price)}${p.promo_code ? ` · ${p.promo_code}` : ''}`}
          tertiaryText={(p) => (p.refunded_at ? t('purchases.refunded_on', { date: formatDate(p.refunded_at, { dateOnly: true }) }) : formatDate(p.created_at, { dateOnly: true }))}
          // At a phone's width Refund ends each row, in reach of a thumb (the table pushed it off-screen).
          rightIcon={() => <RefundButton />}
          rowClick={false}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <DateTimeField source="created_at" label={l('Bought')} />
          <ReferenceField source="user_id" reference="customers" label={l('Customer')} link="show" sortBy="username">
            <TextField source="username" />
          </ReferenceField>
          <TextField source="video_title" label={l('Video')} />
          <KshField source="price" label={l('Price')} textAlign="right" />
          <FunctionField<AdminPurchase> label={l('Kind')} render={(p) => (p.kind ? t(`statements.kind_${p.kind}`) : '—')} />
          <TextField source="promo_code" label={w('promo.code')} emptyText="—" sortable={false} />
          <DateTimeField source="refunded_at" label={l('Refunded')} emptyText="—" />
          <RefundButton />
        </Datagrid>
      )}
    </List>
  );
}
