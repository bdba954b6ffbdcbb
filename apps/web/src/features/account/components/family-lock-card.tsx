import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { familyPinSchema } from '@store/contract';
import { useFamilyLockState, useSetFamilyLock } from '../../../api/family-lock.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { lockAgainHere, rememberPinHere, useFamilyLock } from '../../../lib/family-lock.ts';
import { useQueryClient } from '@tanstack/react-query';
import { formatDate } from '../../../lib/format.ts';
import { ConfirmByCode } from './confirm-by-code.tsx';
import { useT } from '../../../lib/i18n.ts';

const pinProps = { inputMode: 'numeric', autoComplete: 'off', maxLength: 4, pattern: '[0-9]{4}' } as const;

/**
 * The family lock (CONTRACT §13), in the account: on with a 4-digit PIN and the password, a new PIN
 * (a forgotten one too) with the password, off with the password; an account with no password
 * confirms with a code sent by SMS instead (CONTRACT §16). While on, this phone shows no 16
 * or 18 video and asks for the PIN where one would play or be bought.
 */
export function FamilyLockCard() {
  const t = useT();
  const state = useFamilyLockState();
  const change = useSetFamilyLock();
  const here = useFamilyLock();
  const client = useQueryClient();
  const [pin, setPin] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [mode, setMode] = useState<'pin' | 'off'>('pin');
  const [errors, setErrors] = useState<{ pin?: string; password?: string; code?: string; other?: string }>({});
  const [done, setDone] = useState<string | null>(null);

  if (state.isPending) return <Skeleton variant="rounded" height={200} />;
  const on = state.data?.enabled ?? false;
  const byCode = state.data?.confirm_with === 'code';

  function submit(e: FormEvent) {
    e.preventDefault();
    setDone(null);
    const turningOff = on && mode === 'off';
    const pinOk = turningOff || familyPinSchema.safeParse(pin).success;
    const confirmed = byCode ? code.length === 6 : Boolean(password);
    const missing = byCode ? { code: t('account.family.code_needed') } : { password: t('account.family.password_needed') };
    if (!pinOk || !confirmed) return setErrors({ ...(pinOk ? {} : { pin: t('account.family.pin_invalid') }), ...(confirmed ? {} : missing) });
    setErrors({});
    const confirmation = byCode ? { code } : { password };
    change.mutate(turningOff ? { on: false, ...confirmation } : { on: true, pin, ...confirmation }, {
      onSuccess: async () => {
        if (!turningOff) await rememberPinHere(pin);
        setDone(turningOff ? t('account.family.now_off') : on ? t('account.family.pin_changed') : t('account.family.now_on'));
        setPin('');
        setPassword('');
        setCode('');
        setMode('pin');
      },
      onError: (err) => {
        const fields = err instanceof ApiError ? err.fieldErrors : {};
        if (fields.password || fields.pin || fields.code) setErrors({ password: fields.password?.[0], pin: fields.pin?.[0], code: fields.code?.[0] });
        else setErrors({ other: err.message });
      },
    });
  }

  return (
    <Box sx={{ p: 2, bgcolor: 'background.paper', borderRadius: 2, maxWidth: 520 }} data-testid="family-lock">
      <Typography variant="h6" component="h2">
        {t('account.family.title')}
      </Typography>
      <Typography sx={{ mt: 0.5, fontWeight: 700, color: on ? 'secondary.main' : 'text.secondary' }} role="status">
        {on ? t('account.family.is_on') : t('account.family.is_off')}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
        {t('account.family.explain')}
      </Typography>
      {on && here.unlockedUntil !== null && (
        <Box sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2">{t('account.family.unlocked_until', { time: formatDate(new Date(here.unlockedUntil).toISOString()) })}</Typography>
          <Button
            size="small"
            variant="contained"
            color="secondary"
            onClick={() => {
              lockAgainHere();
              setDone(t('account.family.locked_again'));
              // Every list is read again as the locked phone may see it.
              void client.invalidateQueries();
            }}
          >
            {t('account.family.lock_again')}
          </Button>
        </Box>
      )}
      {done && (
        <Alert severity="success" sx={{ mt: 1.5 }}>
          {done}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={submit} sx={{ mt: 2, display: 'grid', gap: 1.5 }} aria-label={t('account.family.title')}>
        {on && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button size="small" variant={mode === 'pin' ? 'contained' : 'outlined'} onClick={() => setMode('pin')} aria-pressed={mode === 'pin'}>
              {t('account.family.new_pin')}
            </Button>
            <Button size="small" variant={mode === 'off' ? 'contained' : 'outlined'} onClick={() => setMode('off')} aria-pressed={mode === 'off'}>
              {t('account.family.turn_off')}
            </Button>
          </Box>
        )}
        {!(on && mode === 'off') && (
          <TextField
            label={on ? t('account.family.new_pin_label') : t('account.family.pin_label')}
            type="password"
            value={pin}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 4))}
            error={Boolean(errors.pin)}
            helperText={errors.pin ?? t('account.family.pin_help')}
            slotProps={{ htmlInput: { ...pinProps, 'data-testid': 'family-new-pin' } }}
          />
        )}
        {byCode ? (
          <ConfirmByCode code={code} onCode={setCode} error={errors.code} />
        ) : (
          <TextField
            label={t('account.family.password_label')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={Boolean(errors.password)}
            helperText={errors.password ?? (on && mode === 'pin' ? t('account.family.forgot_pin') : undefined)}
            slotProps={{ htmlInput: { 'data-testid': 'family-password' } }}
          />
        )}
        {errors.other && <Alert severity="error">{errors.other}</Alert>}
        <Button type="submit" variant="contained" disabled={change.isPending}>
          {!on ? t('account.family.turn_on') : mode === 'off' ? t('account.family.turn_off') : t('account.family.save_pin')}
        </Button>
      </Box>
    </Box>
  );
}
