import PaymentsIcon from '@mui/icons-material/Payments';
import { page } from '../layout/lazy-page.ts';

const pages = () => import('./pages.tsx');

export default { name: 'deposits', icon: PaymentsIcon, list: page(pages, 'DepositList') };
