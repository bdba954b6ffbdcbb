import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useSendConfirmCode } from '../../../api/family-lock.ts';
import { localPhone } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';

/**
 * For an account with no password (made at checkout or by an M-Pesa payment): a code sent by SMS to
 * its verified phone confirms instead (CONTRACT §16, issue 32 item 12).
 */
export function ConfirmByCode({ code, onCode, error }: { code: string; onCode: (code: string) => void; error: string | undefined }) {
  const t = useT();
  const send = useSendConfirmCode();
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Button variant="outlined" onClick={() => send.mutate()} disabled={send.isPending}>
        {send.isSuccess ? t('account.family.send_code_again') : t('account.family.send_code')}
      </Button>
      {send.isSuccess && (
        <Alert severity="info" role="status">
          {t('account.family.code_sent', { phone: localPhone(send.data.phone_number) })}
        </Alert>
      )}
      {send.isError && <Alert severity="error">{send.error.message}</Alert>}
      <TextField
        label={t('account.family.code_label')}
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => onCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        error={Boolean(error)}
        helperText={error ?? t('account.family.code_help')}
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6, 'data-testid': 'family-code' } }}
      />
    </Box>
  );
}
