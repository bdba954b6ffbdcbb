import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { currentSubscription, pushPermission, pushSupported, turnPushOff, turnPushOn, type PushOutcome } from '../api/push.ts';

/** "Notifications on this phone": on asks the browser (this tap is the customer's choice) and subscribes; off unsubscribes. */
export function PushSwitch() {
  const t = useT();
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<PushOutcome | null>(pushSupported() ? (pushPermission() === 'denied' ? 'denied' : null) : 'unsupported');
  useEffect(() => {
    let live = true;
    void currentSubscription().then((s) => live && setOn(s !== null && pushPermission() === 'granted'));
    return () => {
      live = false;
    };
  }, []);
  const change = async (wanted: boolean) => {
    setBusy(true);
    try {
      if (wanted) {
        const result = await turnPushOn();
        setOutcome(result === 'on' ? null : result);
        setOn(result === 'on');
      } else {
        await turnPushOff();
        setOn(false);
      }
    } finally {
      setBusy(false);
    }
  };
  const message = outcome === 'denied' ? 'notify.push_denied' : outcome === 'unsupported' ? 'notify.push_unsupported' : outcome === 'failed' ? 'notify.push_failed' : null;
  return (
    <>
      <FormControlLabel
        control={<Switch checked={on === true} disabled={busy || on === null || outcome === 'unsupported'} onChange={(e) => void change(e.target.checked)} />}
        label={t('notify.push_here')}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {t('notify.push_here_help')}
      </Typography>
      {message && (
        <Alert severity={outcome === 'failed' ? 'error' : 'info'} sx={{ mb: 1 }}>
          {t(message)}
        </Alert>
      )}
    </>
  );
}
