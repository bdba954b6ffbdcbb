import { usePermissions } from 'react-admin';
import { Dashboard } from '../features/dashboard/index.ts';
import { StatementPage } from '../features/statements/statement-page.tsx';

/** The back office's first screen: the dashboard for staff, a DJ's own login opens on their statement. */
export default function Home() {
  const { permissions, isPending } = usePermissions<'staff' | 'dj'>();
  if (isPending) return null;
  return permissions === 'dj' ? <StatementPage /> : <Dashboard />;
}
