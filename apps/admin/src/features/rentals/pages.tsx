import { BooleanField, BooleanInput, Datagrid, FunctionField, List, ReferenceField, Show, SimpleList, SimpleShowLayout, TextField } from 'react-admin';
import { formatKsh, type AdminRental } from '@store/contract';
import { usePhone } from '../../lib/use-phone.ts';
import { DateTimeField } from '../../components/date-time-field.tsx';
import { KshField } from '../../components/ksh-field.tsx';
import { useWords, w } from './words.ts';

const filters = [<BooleanInput key="live" source="live" label={w('rentals.live')} />];

/** Its clock in a few words: not played yet, ends at …, or ended. */
function useClock() {
  const t = useWords();
  return (r: AdminRental) => (!r.live ? t('rentals.ended') : r.started_at ? `${t('rentals.expires_at')} ${new Date(r.expires_at).toLocaleString()}` : t('rentals.not_started'));
}

export function RentalList() {
  const phone = usePhone();
  const clock = useClock();
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
      {phone ? (
        <SimpleList<AdminRental> primaryText={(r) => r.title} secondaryText={(r) => `${r.username} · ${formatKsh(r.price_paid)}`} tertiaryText={clock} linkType="show" />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <DateTimeField source="rented_at" label={w('rentals.rented_at')} sortable={false} />
          <ReferenceField source="user_id" reference="customers" label={w('rentals.customer')} link="show" sortable={false}>
            <TextField source="username" />
          </ReferenceField>
          <ReferenceField source="video_id" reference="videos" label={w('rentals.video')} link="edit" sortable={false}>
            <TextField source="title" />
          </ReferenceField>
          <KshField source="price_paid" label={w('rentals.price_paid')} textAlign="right" />
          <FunctionField<AdminRental> label={w('rentals.expires_at')} render={clock} />
          <BooleanField source="live" label={w('rentals.live')} sortable={false} />
        </Datagrid>
      )}
    </List>
  );
}

export function RentalShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="title" label={w('rentals.video')} />
        <ReferenceField source="user_id" reference="customers" label={w('rentals.customer')} link="show">
          <TextField source="username" />
        </ReferenceField>
        <KshField source="price_paid" label={w('rentals.price_paid')} />
        <DateTimeField source="rented_at" label={w('rentals.rented_at')} />
        <DateTimeField source="started_at" label={w('rentals.started_at')} emptyText="—" />
        <DateTimeField source="expires_at" label={w('rentals.expires_at')} />
        <BooleanField source="live" label={w('rentals.live')} />
      </SimpleShowLayout>
    </Show>
  );
}
