import HistoryIcon from '@mui/icons-material/History';
import { page } from '../../lib/lazy-page.ts';

const pages = () => import('./pages.tsx');

export default { name: 'audit', icon: HistoryIcon, options: { label: 'Audit log' }, list: page(pages, 'AuditList') };
export { messages } from './words.ts';
