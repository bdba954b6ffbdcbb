import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { page } from '../../lib/lazy-page.ts';

const pages = () => import('./pages.tsx');

export default { name: 'ledger', icon: ReceiptLongIcon, options: { label: 'Ledger' }, list: page(pages, 'LedgerList') };
export { messages } from './words.ts';
