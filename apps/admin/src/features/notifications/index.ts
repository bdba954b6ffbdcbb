import NotificationsIcon from '@mui/icons-material/Notifications';
import { page } from '../../lib/lazy-page.ts';

const pages = () => import('./pages.tsx');

export default { name: 'notifications', icon: NotificationsIcon, list: page(pages, 'NotificationList'), edit: page(pages, 'NotificationEdit'), create: page(pages, 'NotificationCreate') };
export { messages } from './words.ts';
