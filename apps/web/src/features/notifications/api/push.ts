import type { PushKey, PushSubscriptionInput } from '@store/contract';
import { apiGet } from '../../../lib/api-client.ts';
import { authRequest } from '../../../lib/auth.ts';

/** Remembered when the customer turns notifications off on this phone: following then asks nothing. */
const TURNED_OFF = 'push-off';

export type PushOutcome = 'on' | 'denied' | 'unsupported' | 'failed';

/** Whether this browser can show pushes at all. */
export const pushSupported = () => typeof window !== 'undefined' && 'Notification' in window && 'PushManager' in window && 'serviceWorker' in navigator;

/** The browser's answer so far: 'default' until asked. */
export const pushPermission = (): NotificationPermission => (pushSupported() ? Notification.permission : 'denied');

/** The VAPID key as PushManager.subscribe takes it (base64url to bytes). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '='));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** The store's service worker, if this page has one (none in development). */
const registration = () => navigator.serviceWorker.getRegistration().catch(() => undefined);

/** This browser's push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  return (await registration())?.pushManager.getSubscription() ?? null;
}

/**
 * Turns pushes on for this browser: asks the browser (only ever from a customer's tap: following
 * something or the switch), subscribes with the store's VAPID key and gives the subscription to the
 * server. Asking first, before any await, keeps the tap's user activation for the browser's prompt.
 */
export async function turnPushOn(): Promise<PushOutcome> {
  if (!pushSupported()) return 'unsupported';
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return 'denied';
  localStorage.removeItem(TURNED_OFF);
  try {
    const sw = await registration();
    if (!sw) return 'unsupported';
    let subscription = await sw.pushManager.getSubscription();
    if (!subscription) {
      const { public_key } = await apiGet<PushKey>('/push/key/');
      subscription = await sw.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(public_key) });
    }
    await authRequest('POST', '/push/subscriptions/', { body: subscription.toJSON() as PushSubscriptionInput });
    return 'on';
  } catch {
    return 'failed';
  }
}

/** Turns pushes off for this browser: the server forgets the subscription, the browser drops it. */
export async function turnPushOff(): Promise<void> {
  localStorage.setItem(TURNED_OFF, 'true');
  const subscription = await currentSubscription();
  if (!subscription) return;
  await authRequest('DELETE', '/push/subscriptions/', { body: { endpoint: subscription.endpoint } }).catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}

/**
 * After the customer follows something: offer pushes, unless they turned them off here or the
 * browser already said no. Never called on a visit by itself.
 */
export function offerPushAfterFollow(): Promise<PushOutcome | null> {
  if (!pushSupported() || localStorage.getItem(TURNED_OFF) || Notification.permission === 'denied') return Promise.resolve(null);
  return turnPushOn();
}
