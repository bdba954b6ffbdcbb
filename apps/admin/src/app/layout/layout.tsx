import { Layout, type LayoutProps } from 'react-admin';
import { StoreAppBar } from './app-bar.tsx';
import { StoreSidebar } from './sidebar.tsx';

/** react-admin's layout with the store's app bar and sidebar. */
export const StoreLayout = (props: LayoutProps) => <Layout {...props} appBar={StoreAppBar} sidebar={StoreSidebar} />;
