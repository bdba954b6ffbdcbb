import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { Link } from 'react-router';
import { useCart } from '../../features/cart/api/order-calls.ts';

const CartIcon = () => (
  <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
    <path d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM7.2 14h9.9c.8 0 1.4-.4 1.7-1.1L22 6H5.2l-.9-2H1v2h2l3.6 7.6-1.3 2.4c-.7 1.3.2 3 1.7 3h12v-2H7l1.1-2Z" />
  </svg>
);

/** The header's cart: always in reach, with how many videos wait in it. */
export function CartLink() {
  const count = useCart().data?.results.length ?? 0;
  return (
    <IconButton component={Link} to="/cart" color="inherit" aria-label={count === 1 ? 'Cart, 1 video' : `Cart, ${count} videos`}>
      <Badge badgeContent={count} color="secondary" max={99}>
        <CartIcon />
      </Badge>
    </IconButton>
  );
}
