import { Link } from 'react-router';
import { useCart } from '../../api/get-cart.ts';
import { useT } from '../../lib/i18n.ts';

const CartIcon = () => (
  <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
    <path d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM7.2 14h9.9c.8 0 1.4-.4 1.7-1.1L22 6H5.2l-.9-2H1v2h2l3.6 7.6-1.3 2.4c-.7 1.3.2 3 1.7 3h12v-2H7l1.1-2Z" />
  </svg>
);

/** The header's cart: always in reach, with how many videos wait in it (classes in shell.css). */
export function CartLink() {
  const t = useT();
  const count = useCart().data?.results.length ?? 0;
  return (
    <Link to="/cart" className="icon-btn" aria-label={t('header.cart', { count })}>
      <CartIcon />
      {count > 0 && (
        <span className="cart-badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
