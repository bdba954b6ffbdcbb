import MovieIcon from '@mui/icons-material/Movie';
import { page } from '../../lib/lazy-page.ts';

const pages = () => import('./pages.tsx');

export default { name: 'videos', icon: MovieIcon, list: page(pages, 'VideoList'), edit: page(pages, 'VideoEdit'), create: page(pages, 'VideoCreate'), recordRepresentation: 'title' };
export { messages } from './words.ts';
