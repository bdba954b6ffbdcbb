import { z } from './zod.ts';
import { paginated, pageParamSchema, pageSizeSchema } from './common.ts';

/**
 * Every way a balance moves, as the ledger names it (decision 0036). Rentals and gifts join this
 * list when they are sold: a screen shows an entry of a kind it does not know under a plain label.
 */
export const ACTIVITY_KINDS = ['deposit', 'purchase', 'refund', 'adjustment'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** GET /api/activity/: newest first, 20 to a page unless page_size says otherwise. */
export const ACTIVITY_PAGE_SIZE = 20;
export const activityQuerySchema = z.object({ page: pageParamSchema, page_size: pageSizeSchema });

/** One change of the customer's balance: one ledger entry, with the balance it left. */
export const activityEntrySchema = z
  .object({
    id: z.number().int(),
    kind: z.string().describe(`One of ${ACTIVITY_KINDS.join(', ')}; more kinds may come (rentals, gifts)`),
    /** Ksh; positive when money came in, negative when it went out. */
    amount: z.number().int(),
    balance_after: z.number().int(),
    time: z.string(),
    /** What it was for: the videos bought or refunded, the M-Pesa phone, or the reason staff gave. */
    note: z.string().nullable(),
    /** A deposit's M-Pesa receipt. */
    mpesa_receipt: z.string().nullable(),
  })
  .meta({ id: 'ActivityEntry' });
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSchema = paginated(activityEntrySchema).meta({ id: 'ActivityPage' });
export type ActivityPage = z.infer<typeof activityPageSchema>;
