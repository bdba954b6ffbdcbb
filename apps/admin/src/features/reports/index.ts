import BarChartIcon from '@mui/icons-material/BarChart';
import { page } from '../../lib/lazy-page.ts';

const pages = () => import('./pages.tsx');

/** Reports as a menu entry of their own: a page, not a list (the charts load only when it opens). */
export default { name: 'reports', icon: BarChartIcon, list: page(pages, 'ReportsPage') };
export { messages } from './words.ts';
