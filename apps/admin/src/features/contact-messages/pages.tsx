import { useEffect, useRef } from 'react';
import { BooleanField, Datagrid, EmailField, List, ReferenceField, SearchInput, Show, SimpleList, SimpleShowLayout, TextField, TopToolbar, useListContext, useNotify, useRecordContext, useUpdate } from 'react-admin';
import Button from '@mui/material/Button';
import type { SxProps } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { formatDate } from '@store/contract';
import { csvDate, csvExporter } from '../../lib/csv-export.ts';
import { usePhone } from '../../lib/use-phone.ts';
import { DateTimeField } from '../../components/date-time-field.tsx';
import { l } from '../../providers/words.ts';
import { useWords, w } from './words.ts';
import { ReplyForm } from './reply-form.tsx';
import type { ContactMessage } from './contact-message.ts';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

const exporter = csvExporter<ContactMessage>([
  [l('Sent'), (m) => csvDate(m.created_at)],
  [l('Name'), (m) => m.name],
  [l('Email'), (m) => m.email],
  [l('Phone'), (m) => m.phone_number],
  [l('Message'), (m) => m.message],
  [l('Read'), (m) => m.is_read],
  [l('Replied'), (m) => csvDate(m.replied_at)],
  [l('Replied by'), (m) => m.replied_by ?? ''],
  [l('Reply'), (m) => m.reply ?? ''],
]);

const TABS = [
  { key: 'all', word: 'messages.all', isRead: undefined },
  { key: 'unread', word: 'messages.unread', isRead: false },
  { key: 'read', word: 'messages.read', isRead: true },
] as const;

/**
 * All, unread or read, one tap away: an opened message is marked read, and must stay easy to find
 * (the list once opened on unread only, and a message vanished once read).
 */
function ReadTabs() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const t = useWords();
  const isRead = (filterValues as { is_read?: boolean }).is_read;
  const current = TABS.find((tab) => tab.isRead === isRead) ?? TABS[0];
  return (
    <Tabs
      value={current.key}
      aria-label={t('messages.which')}
      onChange={(_e, key: string) => {
        const { is_read: _drop, ...rest } = filterValues as Record<string, unknown>;
        const tab = TABS.find((x) => x.key === key)!;
        setFilters(tab.isRead === undefined ? rest : { ...rest, is_read: tab.isRead }, displayedFilters);
      }}
    >
      {TABS.map((tab) => (
        <Tab key={tab.key} value={tab.key} label={t(tab.word)} />
      ))}
    </Tabs>
  );
}

/** Unread messages stand out in bold. */
const UNREAD: SxProps = { '& .MuiTypography-root, & .MuiListItemText-primary': { fontWeight: 700 } };
const unreadSx = (m: ContactMessage): SxProps => (m.is_read ? {} : UNREAD);

export function ContactMessageList() {
  const phone = usePhone();
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }} exporter={exporter}>
      <ReadTabs />
      {phone ? (
        <SimpleList<ContactMessage> primaryText={(m) => m.name} secondaryText={(m) => m.message} tertiaryText={(m) => formatDate(m.created_at, { dateOnly: true })} rowClick="show" rowSx={unreadSx} />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} rowSx={unreadSx}>
          <DateTimeField source="created_at" label={l('Sent')} />
          <TextField source="name" />
          <EmailField source="email" />
          <TextField source="phone_number" label={l('Phone')} />
          <TextField source="message" sortable={false} />
          <BooleanField source="is_read" label={l('Read')} />
          <DateTimeField source="replied_at" label={l('Replied')} emptyText="—" />
        </Datagrid>
      )}
    </List>
  );
}

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

/** A message as the customer wrote it, with the account it came from (same e-mail, else same phone), and the reply. */
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
    <ReplyForm />
  </Show>
);
