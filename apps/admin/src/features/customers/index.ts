import PeopleIcon from '@mui/icons-material/People';
import { page } from '../../lib/lazy-page.ts';

const pages = () => import('./pages.tsx');

export default { name: 'customers', icon: PeopleIcon, list: page(pages, 'CustomerList'), show: page(pages, 'CustomerShow'), edit: page(pages, 'CustomerEdit'), recordRepresentation: 'username' };
export { messages } from './words.ts';
