import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { PromoCodePreview } from '@store/contract';
import { ApiError } from '../../../lib/api-client.ts';
import { formatKsh } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { type PromoTarget, usePromoPreview } from '../api/preview-promo.ts';

interface PromoFieldProps {
  target: PromoTarget;
  gift?: boolean;
  /** The code in force (its new total), or null. */
  applied: PromoCodePreview | null;
  onChange: (applied: PromoCodePreview | null) => void;
}

/**
 * "Have a code?" (CONTRACT §11): the code is tried against what is being bought, and the new total
 * shows before paying, or the server's one sentence why it does not apply. Nothing is paid here.
 */
export function PromoField({ target, gift = false, applied, onChange }: PromoFieldProps) {
  const t = useT();
  // Closed until asked for; a code already applied (in the cart) shows as one line until changed.
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState(applied?.code ?? '');
  const preview = usePromoPreview();
  const apply = () => {
    if (!code.trim()) return;
    preview.mutate({ code, target, gift }, { onSuccess: onChange, onError: () => onChange(null) });
  };
  if (!open && applied) {
    return (
      <Typography variant="body2" role="status" sx={{ mt: 1.5, color: 'success.main' }}>
        {t('cart.promo.applied', { code: applied.code, discount: formatKsh(applied.discount), total: formatKsh(applied.total_after) })}{' '}
        <Button size="small" color="inherit" sx={{ minWidth: 0, p: 0, verticalAlign: 'baseline', textDecoration: 'underline' }} onClick={() => setOpen(true)}>
          {t('cart.promo.change')}
        </Button>
      </Typography>
    );
  }
  if (!open) {
    return (
      <Button size="small" color="inherit" sx={{ mt: 1, px: 0, textDecoration: 'underline' }} onClick={() => setOpen(true)}>
        {t('cart.promo.have_code')}
      </Button>
    );
  }
  // A code that does not apply is a 400 with one sentence under promo_code (the contract's preview).
  const why = preview.error ? (preview.error instanceof ApiError ? (Object.values(preview.error.fieldErrors)[0]?.[0] ?? preview.error.message) : t('cart.connection_error')) : null;
  return (
    <Box sx={{ mt: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          label={t('cart.promo.code')}
          size="small"
          value={code}
          autoFocus
          error={Boolean(why)}
          onChange={(e) => {
            setCode(e.target.value);
            if (applied) onChange(null);
            preview.reset();
          }}
          onKeyDown={(e) => {
            // Enter applies the code; it never pays.
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
          slotProps={{ htmlInput: { autoCapitalize: 'characters', autoComplete: 'off', spellCheck: false, maxLength: 32 } }}
          sx={{ flex: 1 }}
        />
        <Button variant="outlined" onClick={apply} disabled={preview.isPending || !code.trim()} sx={{ minHeight: 40 }}>
          {t('cart.promo.apply')}
        </Button>
      </Box>
      <Typography variant="body2" role="status" sx={{ mt: 0.5, color: why ? 'error.main' : 'success.main', minHeight: '1.5em' }}>
        {why ?? (applied ? t('cart.promo.applied', { code: applied.code, discount: formatKsh(applied.discount), total: formatKsh(applied.total_after) }) : '')}
      </Typography>
    </Box>
  );
}
