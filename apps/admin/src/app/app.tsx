import { lazy } from 'react';
import { Admin, Resource } from 'react-admin';
import audit from '../features/audit/index.ts';
import contactMessages from '../features/contact-messages/index.ts';
import customers from '../features/customers/index.ts';
import deposits from '../features/deposits/index.ts';
import djs from '../features/djs/index.ts';
import genres from '../features/genres/index.ts';
import ledger from '../features/ledger/index.ts';
import notifications from '../features/notifications/index.ts';
import payouts from '../features/payouts/index.ts';
import people from '../features/people/index.ts';
import promoCodes, { promoBatches, promoRedemptions } from '../features/promo-codes/index.ts';
import purchases from '../features/purchases/index.ts';
import receipts from '../features/receipts/index.ts';
import reports from '../features/reports/index.ts';
import vat from '../features/vat/index.ts';
import bundles from '../features/bundles/index.ts';
import gifts from '../features/gifts/index.ts';
import passes, { customerPasses } from '../features/passes/index.ts';
import rentals from '../features/rentals/index.ts';
import statements from '../features/statements/index.ts';
import videos from '../features/videos/index.ts';
import { StoreLayout } from './layout/layout.tsx';
import { LoginPage } from './layout/login-page.tsx';
import { StoreNotification } from './layout/notification.tsx';
import { theme } from './layout/theme.ts';
import { authProvider } from '../providers/auth-provider.ts';
import { dataProvider } from '../providers/data-provider.ts';
import { i18nProvider } from './i18n-provider.ts';
import { queryClient } from '../providers/query-client.ts';
import { AppTitle } from './app-title.tsx';

// The dashboard for staff; a DJ's own login opens on their statement.
const Dashboard = lazy(() => import('./home.tsx'));

/**
 * The back office at /admin/: its own bundle, for staff; a DJ's own login (permissions 'dj') gets only
 * its statements and payouts (the server refuses anyone else, and a DJ anything more, too).
 */
export function App() {
  return (
    <Admin title={<AppTitle />} dashboard={Dashboard} dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} queryClient={queryClient} layout={StoreLayout} loginPage={LoginPage} notification={StoreNotification} theme={theme} requireAuth disableTelemetry>
      {(permissions: unknown) =>
        permissions === 'dj' ? (
          <>
            <Resource {...statements} />
            <Resource {...payouts} />
          </>
        ) : (
          <>
            <Resource {...videos} />
            <Resource {...djs} />
            <Resource {...genres} />
            <Resource {...customers} />
            <Resource {...deposits} />
            <Resource {...purchases} />
            <Resource {...ledger} />
            <Resource {...receipts} />
            <Resource {...promoCodes} />
            <Resource {...promoBatches} />
            <Resource {...promoRedemptions} />
            <Resource {...bundles} />
            <Resource {...gifts} />
            <Resource {...rentals} />
            <Resource {...passes} />
            <Resource {...customerPasses} />
            <Resource {...reports} />
            <Resource {...vat} />
            <Resource {...people} />
            <Resource {...notifications} />
            <Resource {...contactMessages} />
            <Resource {...audit} />
            <Resource {...statements} />
            <Resource {...payouts} />
          </>
        )
      }
    </Admin>
  );
}
