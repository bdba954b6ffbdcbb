import GroupsIcon from '@mui/icons-material/Groups';
import { page } from '../../lib/lazy-page.ts';

const pages = () => import('./pages.tsx');

export default { name: 'people', icon: GroupsIcon, options: { label: 'CEO & team' }, list: page(pages, 'PersonList'), edit: page(pages, 'PersonEdit'), create: page(pages, 'PersonCreate'), recordRepresentation: 'full_name' };
export { messages } from './words.ts';
