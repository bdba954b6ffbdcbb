import { z } from './zod.ts';

export const adminCustomerSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  country: z.string(),
  city: z.string(),
  /** Ksh, as the wallet last wrote it. */
  balance: z.number().int(),
  is_staff: z.boolean(),
  is_active: z.boolean(),
  date_joined: z.string(),
  purchases: z.number().int(),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

/** Staff may only grant or remove staff access and close or reopen an account: the rest is the customer's. */
export const adminCustomerInputSchema = z.object({ is_staff: z.boolean(), is_active: z.boolean() });

export const adminLedgerEntrySchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  // Every kind ledger_entries holds: an entry of a kind left out here would make the list a 500.
  kind: z.enum(['deposit', 'purchase', 'adjustment', 'refund', 'rental', 'gift', 'gift_credit', 'gift_return', 'mpesa_refund', 'mpesa_refund_return', 'pass']),
  amount: z.number().int(),
  balance_after: z.number().int(),
  reference: z.string(),
  note: z.string().nullable(),
  created_at: z.string(),
});

export const adminDepositSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  amount: z.number().int(),
  phone: z.string(),
  state: z.enum(['pending', 'completed', 'failed', 'cancelled', 'review']),
  checkout_request_id: z.string().nullable(),
  receipt: z.string().nullable(),
  result_desc: z.string().nullable(),
  checks: z.number().int(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type AdminDeposit = z.infer<typeof adminDepositSchema>;

export const adminDashboardSchema = z.object({
  /** The last 30 days, oldest first, every day present (zeros included). */
  days: z.array(z.object({ day: z.string(), revenue: z.number().int(), deposits: z.number().int(), purchases: z.number().int() })),
  top_videos: z.array(z.object({ id: z.number().int(), title: z.string(), sales: z.number().int(), revenue: z.number().int() })),
  top_djs: z.array(z.object({ id: z.number().int(), dj_name: z.string(), sales: z.number().int(), revenue: z.number().int() })),
  customers: z.object({ total: z.number().int(), joined_last_7_days: z.number().int() }),
  jobs: z.object({ queued: z.number().int(), running: z.number().int(), failed: z.number().int() }),
  deposits_for_review: z.number().int(),
  unread_messages: z.number().int(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
