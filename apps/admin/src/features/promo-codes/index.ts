import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import { page } from '../../lib/lazy-page.ts';

const pages = () => import('./pages.tsx');
const batches = () => import('./batches.tsx');

/** Promo codes (CONTRACT §11): list, show with every use, create, edit. */
export default {
  name: 'promo-codes',
  icon: LocalOfferIcon,
  list: page(pages, 'PromoCodeList'),
  show: page(pages, 'PromoCodeShow'),
  create: page(pages, 'PromoCodeCreate'),
  edit: page(pages, 'PromoCodeEdit'),
};

/** Batches of single-use codes for a radio giveaway: list, make one, show its codes and download them as CSV. */
export const promoBatches = {
  name: 'promo-batches',
  icon: ConfirmationNumberIcon,
  list: page(batches, 'PromoBatchList'),
  show: page(batches, 'PromoBatchShow'),
  create: page(batches, 'PromoBatchCreate'),
};

/** A code's uses, read on its page only (no menu entry). */
export const promoRedemptions = { name: 'promo-redemptions' };
export { messages } from './words.ts';
