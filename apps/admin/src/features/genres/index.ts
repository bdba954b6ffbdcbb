import CategoryIcon from '@mui/icons-material/Category';
import { page } from '../../lib/lazy-page.ts';

const pages = () => import('./pages.tsx');

export default { name: 'genres', icon: CategoryIcon, list: page(pages, 'GenreList'), edit: page(pages, 'GenreEdit'), create: page(pages, 'GenreCreate'), recordRepresentation: 'title' };
export { messages } from './words.ts';
