import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { page } from '../../lib/lazy-page.ts';

const pages = () => import('./pages.tsx');

/** Pass products (CONTRACT §14): list, create, edit; withdrawn by turning `active` off, never deleted. */
export default { name: 'passes', icon: ConfirmationNumberOutlinedIcon, list: page(pages, 'PassList'), create: page(pages, 'PassCreate'), edit: page(pages, 'PassEdit'), recordRepresentation: 'title' };

/** Customers' passes, read only: whose, which, when it ends, how it renews. */
export const customerPasses = { name: 'customer-passes', icon: EventAvailableIcon, list: page(pages, 'CustomerPassList') };
export { messages } from './words.ts';
