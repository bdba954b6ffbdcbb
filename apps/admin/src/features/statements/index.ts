import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { page } from '../../lib/lazy-page.ts';

const pages = () => import('./statement-page.tsx');

/** DJ statements as a menu entry: its "list" is the statement page (it reads no list of its own). */
export default { name: 'statements', icon: ReceiptLongIcon, list: page(pages, 'StatementPage') };
export { messages } from './words.ts';
