import MailIcon from '@mui/icons-material/Mail';
import { page } from '../../lib/lazy-page.ts';

const pages = () => import('./pages.tsx');

export default { name: 'contact-messages', icon: MailIcon, options: { label: 'Contact messages' }, list: page(pages, 'ContactMessageList'), show: page(pages, 'ContactMessageShow') };
export { messages } from './words.ts';
