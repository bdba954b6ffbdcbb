import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useT } from '../lib/i18n.ts';

/** A failed load: the seed's message and a way to try again. */
export function ErrorState({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  const t = useT();
  return (
    <Box role="alert" sx={{ py: 4, textAlign: 'center' }}>
      <Typography sx={{ mb: 1.5 }}>{message ?? t('states.error')}</Typography>
      {onRetry && (
        <Button variant="outlined" onClick={onRetry}>
          {t('states.try_again')}
        </Button>
      )}
    </Box>
  );
}

export function EmptyState({ message }: { message: string }) {
  return (
    <Typography sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }} role="status">
      {message}
    </Typography>
  );
}
