import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

/**
 * How a payment ended and what to do next: the sentence, then its button under it (beside it, a
 * long label such as "Send the prompt again" left the sentence a word wide on a 360 px phone).
 */
export function OutcomeAlert({ severity, children, actionLabel, onAction }: { severity: AlertColor; children: ReactNode; actionLabel?: string | false; onAction?: () => void }) {
  return (
    <Alert severity={severity} sx={{ mb: 2, mt: 1 }}>
      {children}
      {actionLabel && (
        <Box sx={{ mt: 1 }}>
          <Button color="inherit" variant="outlined" size="small" onClick={onAction}>
            {actionLabel}
          </Button>
        </Box>
      )}
    </Alert>
  );
}
