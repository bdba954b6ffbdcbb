import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { useSendReceipt } from '../api/send-receipt.ts';

/** Print, e-mail or SMS the receipt (none of it printed). */
export function ReceiptActions({ id }: { id: number }) {
  const t = useT();
  const send = useSendReceipt(id);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [phone, setPhone] = useState('');
  return (
    <Box className="receipt-no-print" sx={{ mt: 2, display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" onClick={() => window.print()}>
          {t('receipt.print')}
        </Button>
        <Button variant="outlined" disabled={send.isPending} onClick={() => send.mutate({ channel: 'email' })}>
          {t('receipt.email')}
        </Button>
        <Button variant="outlined" onClick={() => setPhoneOpen((o) => !o)} aria-expanded={phoneOpen}>
          {t('receipt.sms')}
        </Button>
      </Box>
      {phoneOpen && (
        <Box
          component="form"
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
          onSubmit={(e) => {
            e.preventDefault();
            send.mutate({ channel: 'sms', phone_number: phone });
          }}
        >
          <TextField size="small" label={t('receipt.phone')} value={phone} onChange={(e) => setPhone(e.target.value)} inputMode="tel" autoComplete="tel" required sx={{ flex: 1 }} />
          <Button type="submit" variant="contained" disabled={send.isPending}>
            {t('receipt.send_sms')}
          </Button>
        </Box>
      )}
      {send.isSuccess && (
        <Alert severity="success" role="status">
          {t('receipt.sent')}
        </Alert>
      )}
      {send.isError && <Alert severity="error">{t('receipt.send_failed')}</Alert>}
    </Box>
  );
}
