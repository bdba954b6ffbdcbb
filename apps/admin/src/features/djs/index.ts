import HeadphonesIcon from '@mui/icons-material/Headphones';
import { page } from '../../lib/lazy-page.ts';

const pages = () => import('./pages.tsx');

export default { name: 'djs', icon: HeadphonesIcon, options: { label: 'DJs' }, list: page(pages, 'DjList'), edit: page(pages, 'DjEdit'), create: page(pages, 'DjCreate'), recordRepresentation: 'dj_name' };
export { messages } from './words.ts';
