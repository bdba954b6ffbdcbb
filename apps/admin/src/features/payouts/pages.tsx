import { Datagrid, FunctionField, List, NumberField, ReferenceField, SelectInput, TextField, usePermissions } from 'react-admin';
import type { Payout } from '@store/contract';
import { DateTimeField } from '../../components/date-time-field.tsx';
import { useWords } from './words.ts';

/** DJ payouts, newest first: what went to whom by M-Pesa and how it ended. A DJ's login sees only its own (the server decides). */
export function PayoutList() {
  const t = useWords();
  const { permissions } = usePermissions<'staff' | 'dj'>();
  const states = (['pending', 'completed', 'failed'] as const).map((id) => ({ id, name: t(`payouts.state_${id}`) }));
  const filters = [<SelectInput key="state" source="state" label={t('payouts.state')} choices={states} />];
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="id" />
        {permissions === 'staff' && <ReferenceField source="dj_id" reference="djs" label="DJ" link={false} sortable={false} />}
        <NumberField source="amount" label={t('payouts.amount_col')} sortable={false} />
        <TextField source="phone" label={t('payouts.phone')} sortable={false} />
        <FunctionField<Payout> label={t('payouts.state')} render={(p) => t(`payouts.state_${p.state}`)} sortable={false} />
        <TextField source="mpesa_receipt" label={t('payouts.receipt')} emptyText="—" sortable={false} />
        <DateTimeField source="created_at" label={t('payouts.when')} sortable={false} />
      </Datagrid>
    </List>
  );
}
