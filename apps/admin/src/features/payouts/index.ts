import PaymentsIcon from '@mui/icons-material/Payments';
import { page } from '../../lib/lazy-page.ts';

const pages = () => import('./pages.tsx');

export default { name: 'payouts', icon: PaymentsIcon, list: page(pages, 'PayoutList') };
export { messages } from './words.ts';
