import { Layout, type LayoutProps } from 'react-admin';
import { StoreAppBar } from './app-bar.tsx';

/** react-admin's layout with the store's app bar. */
export const StoreLayout = (props: LayoutProps) => <Layout {...props} appBar={StoreAppBar} />;
