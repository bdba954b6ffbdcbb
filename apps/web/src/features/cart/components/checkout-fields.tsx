import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { UseFormReturn } from 'react-hook-form';
import { fieldProps } from '../../../lib/forms.ts';
import { useT } from '../../../lib/i18n.ts';

type PayerValues = { email: string; phone_number: string };

interface CheckoutFieldsProps<T extends PayerValues> {
  askEmail: boolean;
  askPhone: boolean;
  form: UseFormReturn<T>;
}

/** The few fields a checkout needs: the e-mail of a new customer, and the phone M-Pesa asks. */
export function CheckoutFields<T extends PayerValues>({ askEmail, askPhone, form: anyForm }: CheckoutFieldsProps<T>) {
  const t = useT();
  const form = anyForm as unknown as UseFormReturn<PayerValues>;
  if (!askEmail && !askPhone) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1.5, mt: 2 }}>
      {askEmail && <TextField label={t('cart.email')} type="email" autoComplete="email" required {...fieldProps(form, 'email', '')} />}
      {askPhone && (
        <TextField
          label={t('cart.mpesa_phone')}
          type="tel"
          required
          {...fieldProps(form, 'phone_number', t('cart.mpesa_phone_hint'))}
          slotProps={{ input: { startAdornment: <InputAdornment position="start">+254</InputAdornment> }, htmlInput: { inputMode: 'tel', autoComplete: 'tel-national' } }}
        />
      )}
    </Box>
  );
}
