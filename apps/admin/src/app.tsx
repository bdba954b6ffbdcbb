import { lazy } from 'react';
import { Admin, Resource } from 'react-admin';
import audit from './audit/index.ts';
import contactMessages from './contact-messages/index.ts';
import customers from './customers/index.ts';
import deposits from './deposits/index.ts';
import djs from './djs/index.ts';
import genres from './genres/index.ts';
import ledger from './ledger/index.ts';
import notifications from './notifications/index.ts';
import people from './people/index.ts';
import purchases from './purchases/index.ts';
import videos from './videos/index.ts';
import { StoreLayout } from './layout/layout.tsx';
import { LoginPage } from './layout/login-page.tsx';
import { StoreNotification } from './layout/notification.tsx';
import { theme } from './layout/theme.ts';
import { authProvider } from './providers/auth-provider.ts';
import { dataProvider } from './providers/data-provider.ts';
import { i18nProvider } from './providers/i18n-provider.ts';
import { queryClient } from './providers/query-client.ts';
import { w } from './providers/words.ts';

const Dashboard = lazy(() => import('./dashboard/dashboard.tsx'));

/** The back office at /admin/: its own bundle, staff only (the server refuses anyone else too). */
export function App() {
  return (
    <Admin title={w('app.title')} dashboard={Dashboard} dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} queryClient={queryClient} layout={StoreLayout} loginPage={LoginPage} notification={StoreNotification} theme={theme} requireAuth disableTelemetry>
      <Resource {...videos} />
      <Resource {...djs} />
      <Resource {...genres} />
      <Resource {...customers} />
      <Resource {...deposits} />
      <Resource {...purchases} />
      <Resource {...ledger} />
      <Resource {...people} />
      <Resource {...notifications} />
      <Resource {...contactMessages} />
      <Resource {...audit} />
    </Admin>
  );
}
