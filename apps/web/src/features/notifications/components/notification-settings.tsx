import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DEFAULT_QUIET_HOURS, NOTIFICATION_KINDS, type NotificationSettings } from '@store/contract';
import { ErrorState } from '../../../components/states.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/settings.ts';
import { PushSwitch } from './push-switch.tsx';

const CHANNELS = ['push', 'sms'] as const;
type Channel = (typeof CHANNELS)[number];
const CHANNEL_WORDS = { push: 'notify.channel_push', sms: 'notify.channel_sms' } as const;

/** The form, from the settings the server answered; saved whole (quiet hours and every kind). */
function SettingsForm({ initial }: { initial: NotificationSettings }) {
  const t = useT();
  const save = useSaveNotificationSettings();
  const [kinds, setKinds] = useState(initial.kinds);
  const [quietOn, setQuietOn] = useState(initial.quiet_hours !== null);
  const [quiet, setQuiet] = useState(initial.quiet_hours ?? { ...DEFAULT_QUIET_HOURS });
  const flip = (kind: keyof NotificationSettings['kinds'], channel: Channel, value: boolean) => {
    save.reset();
    setKinds((k) => ({ ...k, [kind]: { ...k[kind], [channel]: value } }));
  };
  const channelName = (c: Channel) => t(CHANNEL_WORDS[c]);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ quiet_hours: quietOn ? quiet : null, kinds });
      }}
      sx={{ maxWidth: 560 }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mt: 2 }}>
        {t('notify.quiet_hours')}
      </Typography>
      <FormControlLabel control={<Switch checked={quietOn} onChange={(e) => setQuietOn(e.target.checked)} />} label={t('notify.quiet_on')} />
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {t('notify.quiet_help')}
      </Typography>
      {quietOn && (
        <Box sx={{ display: 'flex', gap: 1.5, mb: 1 }}>
          <TextField type="time" size="small" label={t('notify.quiet_start')} value={quiet.start} onChange={(e) => setQuiet((q) => ({ ...q, start: e.target.value }))} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'quiet-start' } }} />
          <TextField type="time" size="small" label={t('notify.quiet_end')} value={quiet.end} onChange={(e) => setQuiet((q) => ({ ...q, end: e.target.value }))} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'quiet-end' } }} />
        </Box>
      )}
      <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', mt: 1, '& td, & th': { py: 0.25, textAlign: 'left' }, '& th:not(:first-of-type), & td:not(:first-of-type)': { textAlign: 'center', width: 64 } }}>
        <thead>
          <tr>
            <th />
            {CHANNELS.map((c) => (
              <th key={c}>{channelName(c)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_KINDS.map((kind) => (
            <tr key={kind}>
              <Typography component="td" variant="body2">
                {t(`notify.kinds.${kind}`)}
              </Typography>
              {CHANNELS.map((channel) => (
                <td key={channel}>
                  <Switch
                    size="small"
                    checked={kinds[kind][channel]}
                    onChange={(e) => flip(kind, channel, e.target.checked)}
                    slotProps={{ input: { 'aria-label': t('notify.channel_named', { channel: channelName(channel), kind: t(`notify.kinds.${kind}`) }) } }}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
      {save.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {save.error.message || t('notify.save_failed')}
        </Alert>
      )}
      {save.isSuccess && (
        <Alert severity="success" sx={{ mt: 1 }} role="status">
          {t('notify.saved')}
        </Alert>
      )}
      <Button type="submit" variant="contained" disabled={save.isPending} sx={{ mt: 1.5 }}>
        {save.isPending ? t('notify.saving') : t('notify.save')}
      </Button>
    </Box>
  );
}

/** Notification settings (CONTRACT §15): this phone's pushes, quiet hours, push and SMS per kind. */
export function NotificationSettingsCard() {
  const t = useT();
  const q = useNotificationSettings();
  return (
    <Box component="section" aria-labelledby="notify-settings" data-testid="notification-settings">
      <Typography id="notify-settings" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('notify.settings_title')}
      </Typography>
      <PushSwitch />
      {q.isError ? <ErrorState onRetry={() => void q.refetch()} /> : q.isPending ? <Skeleton variant="rounded" height={240} /> : <SettingsForm initial={q.data} />}
    </Box>
  );
}
