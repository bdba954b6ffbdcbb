import CollectionsBookmarkIcon from '@mui/icons-material/CollectionsBookmark';
import { page } from '../../lib/lazy-page.ts';

const pages = () => import('./pages.tsx');

/** Bundles and season passes (CONTRACT §11): list with the all-seasons discount, create, edit. */
export default {
  name: 'bundles',
  icon: CollectionsBookmarkIcon,
  list: page(pages, 'BundleList'),
  create: page(pages, 'BundleCreate'),
  edit: page(pages, 'BundleEdit'),
  recordRepresentation: 'title',
};
export { messages } from './words.ts';
