import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { Link } from 'react-router';
import { useCart } from '../../api/get-cart.ts';
import { useT } from '../../lib/i18n.ts';

const CartIcon = () => (
  <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
    <path d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM7.2 14h9.9c.8 0 1.4-.4 1.7-1.1L22 6H5.2l-.9-2H1v2h2l3.6 7.6-1.3 2.4c-.7 1.3.2 3 1.7 3h12v-2H7l1.1-2Z" />
  </svg>
);

/** The header's cart: always in reach, with how many videos wait in it. */
export function CartLink() {
  const t = useT();
  const count = useCart().data?.results.length ?? 0;
  return (
    <IconButton component={Link} to="/cart" color="inherit" aria-label={t('header.cart', { count })}>
      <CartIcon />
      {count > 0 && (
        <Box component="span" aria-hidden="true" sx={{ position: 'absolute', top: 2, right: 0, minWidth: 18, height: 18, px: 0.5, borderRadius: 9, bgcolor: 'secondary.main', color: 'secondary.contrastText', fontSize: 11, fontWeight: 800, lineHeight: '18px', textAlign: 'center' }}>
          {count > 99 ? '99+' : count}
        </Box>
      )}
    </IconButton>
  );
}
