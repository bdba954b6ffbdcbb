import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { page } from '../layout/lazy-page.ts';

const pages = () => import('./pages.tsx');

export default { name: 'purchases', icon: ShoppingCartIcon, list: page(pages, 'PurchaseList') };
