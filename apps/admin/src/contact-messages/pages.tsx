import { useEffect, useRef } from 'react';
import {
  BooleanField,
  BooleanInput,
  Datagrid,
  EmailField,
  List,
  ReferenceField,
  SearchInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useUpdate,
} from 'react-admin';
import Button from '@mui/material/Button';
import { DateTimeField } from '../media/date-time-field.tsx';
import { l, useWords, w } from '../providers/words.ts';

interface ContactMessage {
  id: number;
  is_read: boolean;
  user_id: number | null;
}

const filters = [<SearchInput key="q" source="q" alwaysOn />, <BooleanInput key="is_read" source="is_read" label={l('Read')} />];

export const ContactMessageList = () => (
  <List filters={filters} filterDefaultValues={{ is_read: false }} sort={{ field: 'created_at', order: 'DESC' }} exporter={false}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <DateTimeField source="created_at" label={l('Sent')} />
      <TextField source="name" />
      <EmailField source="email" />
      <TextField source="phone_number" label={l('Phone')} />
      <TextField source="message" />
      <BooleanField source="is_read" label={l('Read')} />
    </Datagrid>
  </List>
);

/** Opening an unread message marks it read (once, recorded in the audit log like any change). */
function MarkReadWhenOpened() {
  const record = useRecordContext<ContactMessage>();
  const [update] = useUpdate<ContactMessage>();
  const marked = useRef<number | null>(null);
  useEffect(() => {
    if (!record || record.is_read || marked.current === record.id) return;
    marked.current = record.id;
    void update('contact-messages', { id: record.id, data: { is_read: true }, previousData: record }, { mutationMode: 'pessimistic' });
  }, [record, update]);
  return null;
}

function MarkUnreadButton() {
  const record = useRecordContext<ContactMessage>();
  const [update, { isPending }] = useUpdate<ContactMessage>();
  const notify = useNotify();
  const t = useWords();
  if (!record?.is_read) return null;
  return (
    <Button
      size="small"
      disabled={isPending}
      onClick={() =>
        void update('contact-messages', { id: record.id, data: { is_read: false }, previousData: record }, { mutationMode: 'pessimistic', onSuccess: () => notify(w('messages.marked_unread'), { type: 'info' }) })
      }
    >
      {t('messages.mark_unread')}
    </Button>
  );
}

/** A message as the customer wrote it, with the account it came from (same e-mail, else same phone). */
export const ContactMessageShow = () => (
  <Show
    actions={
      <TopToolbar>
        <MarkUnreadButton />
      </TopToolbar>
    }
  >
    <MarkReadWhenOpened />
    <SimpleShowLayout>
      <DateTimeField source="created_at" label={l('Sent')} />
      <TextField source="name" />
      <EmailField source="email" />
      <TextField source="phone_number" label={l('Phone')} />
      <TextField source="message" sx={{ whiteSpace: 'pre-wrap' }} />
      <ReferenceField source="user_id" reference="customers" label={l('Customer')} link="show" emptyText={w('messages.no_account')}>
        <TextField source="username" />
      </ReferenceField>
      <BooleanField source="is_read" label={l('Read')} />
    </SimpleShowLayout>
  </Show>
);
