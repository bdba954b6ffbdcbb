import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n.ts';

/** Any path the store does not have. */
export default function NotFoundScreen() {
  const t = useT();
  return (
    <Box sx={{ px: 3, py: 8, textAlign: 'center' }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 800 }}>
        404
      </Typography>
      <Typography sx={{ my: 2 }}>{t('not_found.message')}</Typography>
      <Button component={Link} to="/" variant="contained">
        {t('not_found.back')}
      </Button>
    </Box>
  );
}
