import { Admin, Resource } from 'react-admin';
import audit from './audit/index.tsx';
import contactMessages from './contact-messages/index.tsx';
import djs from './djs/index.tsx';
import genres from './genres/index.tsx';
import notifications from './notifications/index.tsx';
import purchases from './purchases/index.tsx';
import { LoginPage } from './layout/login-page.tsx';
import { theme } from './layout/theme.ts';
import { authProvider } from './providers/auth-provider.ts';
import { dataProvider } from './providers/data-provider.ts';

/** The back office at /admin/: its own bundle, staff only (the server refuses anyone else too). */
export function App() {
  return (
    <Admin title="Video Store Kenya · Back office" dataProvider={dataProvider} authProvider={authProvider} loginPage={LoginPage} theme={theme} requireAuth disableTelemetry>
      <Resource {...djs} />
      <Resource {...genres} />
      <Resource {...notifications} />
      <Resource {...contactMessages} />
      <Resource {...purchases} />
      <Resource {...audit} />
    </Admin>
  );
}
