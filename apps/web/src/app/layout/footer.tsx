import Typography from '@mui/material/Typography';

export function Footer() {
  return (
    <Typography component="footer" variant="body2" sx={{ textAlign: 'center', py: 3, color: 'text.secondary' }}>
      Copyright © 2025 / All rights reserved
    </Typography>
  );
}
