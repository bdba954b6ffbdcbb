import { Datagrid, FunctionField, List, ReferenceField, SelectField, SelectInput, Show, SimpleList, SimpleShowLayout, TextField } from 'react-admin';
import { formatKsh, GIFT_STATES, type AdminGift } from '@store/contract';
import { csvDate, csvExporter } from '../../lib/csv-export.ts';
import { usePhone } from '../../lib/use-phone.ts';
import { DateTimeField } from '../../components/date-time-field.tsx';
import { KshField } from '../../components/ksh-field.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { l } from '../../providers/words.ts';
import { useWords, w } from './words.ts';

const stateChoices = GIFT_STATES.map((s) => ({ id: s, name: w(`gift.state_${s}`) }));
const filters = [<SearchBox key="q" source="q" alwaysOn hint={w('gift.search')} />, <SelectInput key="state" source="state" label={w('gift.state')} choices={stateChoices} />];
/** Where it was sent: the phone (+254…) or the e-mail address. */
const sentTo = (g: AdminGift) => (g.to_phone ? `+${g.to_phone}` : (g.to_email ?? ''));
const exporter = csvExporter<AdminGift>([
  [l('Id'), (g) => g.id],
  [l('When'), (g) => csvDate(g.created_at)],
  [l('State'), (g) => g.state],
  [l('Customer'), (g) => g.giver],
  [l('Phone'), (g) => sentTo(g)],
  [l('Title'), (g) => g.title],
  [l('Amount (Ksh)'), (g) => g.amount],
]);

export function GiftList() {
  const phone = usePhone();
  const t = useWords();
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={exporter}>
      {phone ? (
        <SimpleList<AdminGift> primaryText={(g) => g.title} secondaryText={(g) => `${g.giver} → ${g.recipient ?? sentTo(g)} · ${formatKsh(g.amount)}`} tertiaryText={(g) => t(`gift.state_${g.state}`)} linkType="show" />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <DateTimeField source="created_at" label={w('gift.sent_at')} />
          <SelectField source="state" label={w('gift.state')} choices={stateChoices} />
          <ReferenceField source="giver_id" reference="customers" label={w('gift.giver')} link="show" sortBy="giver">
            <TextField source="username" />
          </ReferenceField>
          <FunctionField<AdminGift> label={w('gift.to')} render={sentTo} />
          <ReferenceField source="recipient_id" reference="customers" label={w('gift.recipient')} link="show" sortBy="recipient" emptyText="—">
            <TextField source="username" />
          </ReferenceField>
          <TextField source="title" label={w('gift.what')} sortable={false} />
          <KshField source="amount" label={w('gift.amount')} textAlign="right" />
        </Datagrid>
      )}
    </List>
  );
}

export function GiftShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="title" label={w('gift.what')} />
        <SelectField source="state" label={w('gift.state')} choices={stateChoices} />
        <ReferenceField source="giver_id" reference="customers" label={w('gift.giver')} link="show">
          <TextField source="username" />
        </ReferenceField>
        <FunctionField<AdminGift> label={w('gift.to')} render={sentTo} />
        <ReferenceField source="recipient_id" reference="customers" label={w('gift.recipient')} link="show" emptyText="—">
          <TextField source="username" />
        </ReferenceField>
        <KshField source="amount" label={w('gift.amount')} />
        <DateTimeField source="created_at" label={w('gift.sent_at')} />
        <DateTimeField source="expires_at" label={w('gift.expires_at')} />
        <DateTimeField source="claimed_at" label={w('gift.claimed_at')} emptyText="—" />
        <DateTimeField source="returned_at" label={w('gift.returned_at')} emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
