import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDate } from '@store/contract';
import { adminCall, failureMessage } from '../../lib/admin-api.ts';
import { useWords, w } from './words.ts';
import type { ContactMessage } from './contact-message.ts';

/** The last reply sent, with who sent it and when. */
function LastReply({ message }: { message: ContactMessage }) {
  const t = useWords();
  if (!message.reply || !message.replied_at) return null;
  return (
    <Box component="section" sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h2">
        {t('messages.replied', { who: message.replied_by ?? '—', when: formatDate(message.replied_at) })}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
        {message.reply}
      </Typography>
    </Box>
  );
}

/**
 * Reply by e-mail: the server queues the mail, in the customer's language, with their message quoted,
 * and keeps the reply with the message (who and when) and in the audit log.
 */
export function ReplyForm() {
  const message = useRecordContext<ContactMessage>();
  const notify = useNotify();
  const refresh = useRefresh();
  const t = useWords();
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!message) return null;

  async function send() {
    setBusy(true);
    setError(null);
    try {
      await adminCall(`/contact-messages/${message!.id}/reply`, { method: 'POST', body: JSON.stringify({ reply }), contentType: 'application/json' });
      notify(w('messages.sent'), { type: 'success', messageArgs: { email: message!.email } });
      setReply('');
      refresh();
    } catch (err) {
      const fields = (err as { body?: { errors?: { reply?: string } } }).body?.errors;
      setError(fields?.reply ?? failureMessage(err, t('messages.send_failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ p: 2, pt: 0 }}>
      <LastReply message={message} />
      <TextField
        label={t('messages.reply')}
        multiline
        minRows={4}
        fullWidth
        value={reply}
        onChange={(e) => setReply(e.target.value)}
        error={error !== null}
        helperText={error ?? t('messages.reply_help', { email: message.email, language: t(`messages.language_${message.reply_language}`) })}
        slotProps={{ htmlInput: { maxLength: 5000 } }}
      />
      <Button sx={{ mt: 1 }} variant="contained" disabled={busy || !reply.trim()} onClick={() => void send()}>
        {t('messages.send')}
      </Button>
    </Box>
  );
}
