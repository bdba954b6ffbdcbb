import CategoryIcon from '@mui/icons-material/Category';
import { page } from '../layout/lazy-page.ts';

const pages = () => import('./pages.tsx');

export default { name: 'genres', icon: CategoryIcon, list: page(pages, 'GenreList'), edit: page(pages, 'GenreEdit'), create: page(pages, 'GenreCreate'), recordRepresentation: 'title' };
