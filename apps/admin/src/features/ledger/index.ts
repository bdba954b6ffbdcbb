import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { page } from '../layout/lazy-page.ts';

const pages = () => import('./pages.tsx');

export default { name: 'ledger', icon: ReceiptLongIcon, options: { label: 'Ledger' }, list: page(pages, 'LedgerList') };
