import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';

/** Any path the store does not have. */
export default function NotFoundScreen() {
  return (
    <Box sx={{ px: 3, py: 8, textAlign: 'center' }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 800 }}>
        404
      </Typography>
      <Typography sx={{ my: 2 }}>This page is not in the store.</Typography>
      <Button component={Link} to="/" variant="contained">
        Back to the store
      </Button>
    </Box>
  );
}
