import PaymentsIcon from '@mui/icons-material/Payments';
import { page } from '../../lib/lazy-page.ts';

const pages = () => import('./pages.tsx');

export default { name: 'deposits', icon: PaymentsIcon, list: page(pages, 'DepositList') };
export { messages } from './words.ts';
