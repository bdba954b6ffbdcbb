import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { giftInputSchema, MAX_GIFT_MESSAGE } from '@store/contract';
import { fieldProps } from '../../../lib/forms.ts';
import { useT } from '../../../lib/i18n.ts';

export interface GiftValues {
  gift_to: 'phone' | 'email';
  to_phone: string;
  to_email: string;
  message: string;
}

// The gift's own fields, checked by the contract's gift schema's parts before anything is sent.
const { to_phone, to_email, message } = giftInputSchema.shape;
const byPhone = z.object({ to_phone: to_phone.unwrap(), message });
const byEmail = z.object({ to_email: to_email.unwrap(), message });
export const giftRecipientSchema = (to: GiftValues['gift_to']) => (to === 'email' ? byEmail : byPhone);

/** Whom a gift is for: their phone (an SMS with the claim link) or their e-mail, and a few words from the giver. */
export function GiftFields<T extends GiftValues>({ form }: { form: UseFormReturn<T> }) {
  const t = useT();
  const f = form as unknown as UseFormReturn<GiftValues>;
  const to = f.watch('gift_to');
  return (
    <Box sx={{ display: 'grid', gap: 1.5, mt: 2 }}>
      <RadioGroup row aria-label={t('cart.gift.send_to')} value={to} onChange={(e) => f.setValue('gift_to', e.target.value as GiftValues['gift_to'])}>
        <FormControlLabel value="phone" control={<Radio size="small" />} label={t('cart.gift.by_phone')} />
        <FormControlLabel value="email" control={<Radio size="small" />} label={t('cart.gift.by_email')} />
      </RadioGroup>
      {to === 'email' ? (
        <TextField key="email" label={t('cart.gift.their_email')} type="email" autoComplete="off" required {...fieldProps(f, 'to_email', t('cart.gift.email_hint'))} />
      ) : (
        <TextField
          key="phone"
          label={t('cart.gift.their_phone')}
          type="tel"
          required
          {...fieldProps(f, 'to_phone', t('cart.gift.phone_hint'))}
          slotProps={{ input: { startAdornment: <InputAdornment position="start">+254</InputAdornment> }, htmlInput: { inputMode: 'tel', autoComplete: 'off' } }}
        />
      )}
      <TextField label={t('cart.gift.message')} multiline minRows={2} {...fieldProps(f, 'message', t('cart.gift.message_hint', { max: MAX_GIFT_MESSAGE }))} slotProps={{ htmlInput: { maxLength: MAX_GIFT_MESSAGE } }} />
    </Box>
  );
}
