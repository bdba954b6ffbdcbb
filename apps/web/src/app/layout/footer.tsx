import Typography from '@mui/material/Typography';
import { useT } from '../../lib/i18n.ts';

export function Footer() {
  const t = useT();
  return (
    <Typography component="footer" variant="body2" sx={{ textAlign: 'center', py: 3, color: 'text.secondary' }}>
      {t('footer.copyright')}
    </Typography>
  );
}
