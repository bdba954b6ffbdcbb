import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { OPENED_PARAM } from './push-opened-param.ts';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';

/** A part of the shell whose code loads the first time it is shown. */
export const part = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => lazy(() => load().then((m) => ({ default: m[name] })));

/**
 * The header's and the shell's parts that only a signed-in customer uses (issue 32 item 8): the bell,
 * the family lock's state, a tapped push marked read. A visitor's first page carries none of their
 * code; a customer's loads with the page (and the service worker keeps it for offline use: vite-pwa.ts).
 */
const NotificationBell = part(() => import('./notification-bell.tsx'), 'NotificationBell');
const FamilyLockWatch = part(() => import('./family-lock-watch.tsx'), 'FamilyLockWatch');
const PushOpenedRead = part(() => import('./push-opened-read.tsx'), 'PushOpenedRead');

/** The bell's room is kept while its code loads, so the cart and the account do not move. */
const BELL_ROOM = (
  <span className="icon-btn" aria-hidden="true">
    <svg width="24" height="24" />
  </span>
);

/** `children` while someone is signed in (or `when` says so); a part that cannot load is left out, never the page. */
export function SignedInOnly({ children, fallback = null, when = false }: { children: ReactNode; fallback?: ReactNode; when?: boolean }) {
  const { signedIn } = useSession();
  if (!signedIn && !when) return null;
  return (
    <ScreenErrorBoundary resetKey={String(signedIn)} fallback={null}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </ScreenErrorBoundary>
  );
}

/** The header's bell: a signed-in customer's unread count. */
export const SignedInBell = () => (
  <SignedInOnly fallback={BELL_ROOM}>
    <NotificationBell />
  </SignedInOnly>
);

/**
 * What the shell keeps up to date for a signed-in customer, rendering nothing. A page a push opened
 * carries `?notification=` (public/push-sw.js): taken out of the address for a visitor too.
 */
export function SignedInWatchers() {
  const pushOpened = new URLSearchParams(useLocation().search).has(OPENED_PARAM);
  return (
    <>
      <SignedInOnly>
        <FamilyLockWatch />
      </SignedInOnly>
      <SignedInOnly when={pushOpened}>
        <PushOpenedRead />
      </SignedInOnly>
    </>
  );
}
