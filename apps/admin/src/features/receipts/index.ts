import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import { page } from '../../lib/lazy-page.ts';

const pages = () => import('./pages.tsx');

export default { name: 'receipts', icon: ReceiptIcon, list: page(pages, 'ReceiptList') };
export { messages } from './words.ts';
