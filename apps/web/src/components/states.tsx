import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** A failed load: the seed's message and a way to try again. */
export function ErrorState({ message = 'Error! loading results.', onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <Box role="alert" sx={{ py: 4, textAlign: 'center' }}>
      <Typography sx={{ mb: 1.5 }}>{message}</Typography>
      {onRetry && (
        <Button variant="outlined" onClick={onRetry}>
          Try again
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
