import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { page } from '../../lib/lazy-page.ts';

const pages = () => import('./vat-page.tsx');

/** The month's VAT as a menu entry of its own: a page, not a list. */
export default { name: 'vat', icon: AccountBalanceIcon, list: page(pages, 'VatPage') };
export { messages } from './words.ts';
