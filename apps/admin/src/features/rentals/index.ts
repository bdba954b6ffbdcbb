import TimerIcon from '@mui/icons-material/Timer';
import { page } from '../../lib/lazy-page.ts';

const pages = () => import('./pages.tsx');

/** Rentals (CONTRACT §11), read only: who rented what, what it cost, and its clock. */
export default { name: 'rentals', icon: TimerIcon, list: page(pages, 'RentalList'), show: page(pages, 'RentalShow') };
export { messages } from './words.ts';
