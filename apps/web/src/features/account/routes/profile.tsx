import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CURRENT_PASSWORD_NEEDED, profileFormSchema, USERNAME_EDITABLE_MAX, type User } from '@store/contract';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldProps, showServerErrors, useSchemaForm } from '../../../lib/forms.ts';
import { formatKsh, localPhone } from '../../../lib/format.ts';
import { pageSx } from '../../../components/page.tsx';
import { useUpdateProfile } from '../api/account-calls.ts';
import { useChangeEmail } from '../api/member-calls.ts';
import { ConfirmByCode } from '../components/confirm-by-code.tsx';
import { useFamilyLockState } from '../../../api/family-lock.ts';
import { useGuardedInfo } from '../../../api/use-guarded-info.ts';
import { useT } from '../../../lib/i18n.ts';

export const UPDATED_TOAST_MS = 2000;

function EditForm({ user, onSaved, onCancel }: { user: User; onSaved: () => void; onCancel: () => void }) {
  const t = useT();
  const update = useUpdateProfile(user.profile.buyerid);
  const changeEmail = useChangeEmail(user.id);
  const canRename = user.username.length <= USERNAME_EDITABLE_MAX;
  const form = useSchemaForm(profileFormSchema, { username: user.username, phone_number: localPhone(user.profile.phone_number), country: user.profile.country, city: user.profile.city, email: user.email, current_password: '' });
  const [picture, setPicture] = useState<File | null>(null);
  // A new e-mail needs the current password (CONTRACT §3): the field shows once the address differs.
  const typedEmail = form.watch('email') ?? '';
  const changingEmail = typedEmail.trim().toLowerCase() !== user.email.toLowerCase();
  // An account with no password (made at checkout) confirms with a code sent by SMS (CONTRACT §16).
  const byCode = useFamilyLockState(changingEmail).data?.confirm_with === 'code';
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();

  // Checked by the contract's schema, then sent as typed (multipart: the picture may come along).
  const submit = form.handleSubmit(async () => {
    const values = form.getValues();
    if (changingEmail && byCode) {
      if (code.length !== 6) return setCodeError(t('account.family.code_needed'));
      setCodeError(undefined);
      try {
        await changeEmail.mutateAsync({ email: values.email.trim(), code });
      } catch (err) {
        if (err instanceof ApiError && err.fieldErrors.code) setCodeError(err.fieldErrors.code[0]);
        else showServerErrors(form, err);
        return;
      }
    } else if (changingEmail) {
      if (!values.current_password) return form.setError('current_password', { type: 'required', message: CURRENT_PASSWORD_NEEDED });
      try {
        await changeEmail.mutateAsync({ email: values.email.trim(), current_password: values.current_password });
      } catch (err) {
        showServerErrors(form, err);
        return;
      }
    }
    const body = new FormData();
    if (values.phone_number) body.append('phone_number', String(values.phone_number));
    if (canRename && values.username && values.username !== user.username) body.append('username', values.username);
    body.append('country', values.country ?? '');
    body.append('city', values.city ?? '');
    if (picture) body.append('profile_pic', picture);
    update.mutate(body, { onSuccess: onSaved, onError: (err) => void showServerErrors(form, err) });
  });
  const pictureError = update.error instanceof ApiError ? update.error.fieldErrors.profile_pic?.[0] : undefined;
  const fieldErrorsShown = update.error instanceof ApiError && Object.keys(update.error.fieldErrors).length > 0;

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 1.5, maxWidth: 480 }} aria-label={t('account.edit_profile')}>
      <TextField label={t('account.username')} disabled={!canRename} {...fieldProps(form, 'username', canRename ? t('account.username_once') : t('account.username_fixed'))} />
      <TextField label={t('account.email')} type="email" autoComplete="email" {...fieldProps(form, 'email', '')} />
      {changingEmail && byCode && <ConfirmByCode code={code} onCode={setCode} error={codeError} />}
      {changingEmail && !byCode && <TextField label={t('account.current_password')} type="password" autoComplete="current-password" {...fieldProps(form, 'current_password', t('account.current_password_hint'))} />}
      <TextField label={t('account.phone_number')} type="tel" {...fieldProps(form, 'phone_number', '')} slotProps={{ input: { startAdornment: <InputAdornment position="start">+254</InputAdornment> } }} />
      <TextField label={t('account.country')} {...fieldProps(form, 'country', '')} />
      <TextField label={t('account.city')} {...fieldProps(form, 'city', '')} />
      <Button component="label" variant="outlined">
        {picture ? t('account.picture_chosen', { name: picture.name }) : t('account.choose_picture')}
        <input hidden type="file" name="profile_pic" accept="image/jpeg,image/png,image/webp" onChange={(e) => setPicture(e.target.files?.[0] ?? null)} />
      </Button>
      {(update.isPending || changeEmail.isPending) && <LinearProgress aria-label={t('account.saving')} />}
      {pictureError && (
        <Alert severity="error" role="alert">
          {t('account.picture_error', { error: pictureError })}
        </Alert>
      )}
      {update.isError && !fieldErrorsShown && <Alert severity="error">{update.error.message}</Alert>}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={update.isPending || changeEmail.isPending}>
          {t('account.update')}
        </Button>
        <Button onClick={onCancel} color="inherit">
          {t('account.cancel')}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * /profile: the picture and the profile in view or edit mode (seed §2, §4). The seed's dashboard bar
 * (View Site, Profile, DashBoard, Cart, Logout) is gone: the header and the one navigation give each
 * (issue 32 item 26), and Logout is on the account page.
 */
export default function ProfileScreen() {
  const t = useT();
  const info = useGuardedInfo();
  const [params, setParams] = useSearchParams();
  const editing = params.get('edit') === '1';
  const [toast, setToast] = useState(false);
  const user = info.data?.user;
  const setEditing = (on: boolean) => setParams(on ? { edit: '1' } : {}, { replace: true });

  return (
    <Box sx={pageSx}>
      {!user ? (
        <Skeleton variant="rounded" height={240} />
      ) : (
        <Box sx={{ display: 'flex', gap: 3, flexDirection: { xs: 'column', sm: 'row' } }}>
          <Box sx={{ textAlign: 'center' }}>
            <Avatar src={user.profile.profile_pic ?? undefined} alt={t('account.picture_of', { username: user.username })} sx={{ width: 120, height: 120, mx: 'auto', fontSize: 48 }}>
              {user.username[0]?.toUpperCase()}
            </Avatar>
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', mt: 1.5 }}>
              <Button component={Link} to="/deposit" size="small" variant="contained">
                {t('nav.deposit')}
              </Button>
              <Button size="small" variant="outlined" onClick={() => setEditing(true)} disabled={editing}>
                {t('account.update')}
              </Button>
            </Box>
          </Box>
          <Box sx={{ flex: 1 }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
              {user.username}
            </Typography>
            <Typography sx={{ color: 'secondary.main', fontWeight: 800, mb: 2 }}>{formatKsh(user.profile.account)}</Typography>
            {editing ? (
              <EditForm
                user={user}
                onSaved={() => {
                  setEditing(false);
                  setToast(true);
                }}
                onCancel={() => setEditing(false)}
              />
            ) : (
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.75, m: 0, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, minWidth: 0, overflowWrap: 'anywhere' } }}>
                <dt>{t('account.email')}</dt>
                <dd>{user.email}</dd>
                <dt>{t('account.phone')}</dt>
                <dd>{user.profile.phone_number ? `+${user.profile.phone_number}` : '—'}</dd>
                <dt>{t('account.country')}</dt>
                <dd>{user.profile.country || '—'}</dd>
                <dt>{t('account.city')}</dt>
                <dd>{user.profile.city || '—'}</dd>
              </Box>
            )}
          </Box>
        </Box>
      )}
      <Snackbar open={toast} autoHideDuration={UPDATED_TOAST_MS} onClose={() => setToast(false)} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        <Alert severity="success" variant="filled">
          {t('account.updated')}
        </Alert>
      </Snackbar>
    </Box>
  );
}
