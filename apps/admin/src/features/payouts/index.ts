import PaymentsIcon from '@mui/icons-material/Payments';
import { page } from '../layout/lazy-page.ts';

const pages = () => import('./pages.tsx');

export default { name: 'payouts', icon: PaymentsIcon, list: page(pages, 'PayoutList') };
