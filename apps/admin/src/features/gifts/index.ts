import RedeemIcon from '@mui/icons-material/Redeem';
import { page } from '../../lib/lazy-page.ts';

const pages = () => import('./pages.tsx');

/** Gifts (CONTRACT §11), read only: who gave what to whom, and whether it was claimed or returned. */
export default { name: 'gifts', icon: RedeemIcon, list: page(pages, 'GiftList'), show: page(pages, 'GiftShow') };
export { messages } from './words.ts';
