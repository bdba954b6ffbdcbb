import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { page } from '../../lib/lazy-page.ts';

const pages = () => import('./pages.tsx');

export default { name: 'purchases', icon: ShoppingCartIcon, list: page(pages, 'PurchaseList') };
export { messages } from './words.ts';
