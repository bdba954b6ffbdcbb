import type { Database } from '../../../db/client.ts';
import { notifyCustomer } from '../../notifications/index.ts';

/** A moment as Kenyans read it on a notice in either language: 29/11 18:00, Nairobi time. */
const nairobi = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Nairobi', day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });

/** Told to a customer about their pass, in their language (the notifications module's words). */
export const tellPass = (tx: Database, n: { userId: number; kind: 'pass_ending' | 'pass_renewal'; title: string; outcome?: 'renewed' | 'prompt' | 'failed' | 'credited'; endsAt: Date; amount?: number; dedupeKey: string; sms?: boolean }) =>
  notifyCustomer(tx, {
    userId: n.userId,
    kind: n.kind,
    params: { title: n.title, outcome: n.outcome ?? null, ends_at: nairobi.format(n.endsAt).replace(',', ''), amount: n.amount === undefined ? null : `Ksh ${n.amount}` },
    url: '/passes',
    dedupeKey: n.dedupeKey,
    ...(n.sms === false ? { sms: false } : {}),
  });
