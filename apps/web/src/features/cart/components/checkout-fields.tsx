import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

/** A stored 2547XXXXXXXX as a Kenyan types it: 07XXXXXXXX. */
export const localPhone = (phone: string | null | undefined) => (phone ? phone.replace(/^254/, '0') : null);

interface CheckoutFieldsProps {
  askEmail: boolean;
  askPhone: boolean;
  email: string;
  phone: string;
  onEmail: (v: string) => void;
  onPhone: (v: string) => void;
  errors: Record<string, string>;
}

/** The few fields a checkout needs: the e-mail of a new customer, and the phone M-Pesa asks. */
export function CheckoutFields({ askEmail, askPhone, email, phone, onEmail, onPhone, errors }: CheckoutFieldsProps) {
  if (!askEmail && !askPhone) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1.5, mt: 2 }}>
      {askEmail && (
        <TextField label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => onEmail(e.target.value)} error={Boolean(errors.email)} helperText={errors.email} />
      )}
      {askPhone && (
        <TextField
          label="M-Pesa phone number"
          type="tel"
          required
          value={phone}
          onChange={(e) => onPhone(e.target.value)}
          error={Boolean(errors.phone_number)}
          helperText={errors.phone_number ?? 'The phone that gets the M-Pesa prompt'}
          slotProps={{ input: { startAdornment: <InputAdornment position="start">+254</InputAdornment> }, htmlInput: { inputMode: 'tel', autoComplete: 'tel-national' } }}
        />
      )}
    </Box>
  );
}
