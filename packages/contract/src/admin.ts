import { z } from './zod.ts';
import { idSchema, optionalTranslation, requiredText } from './common.ts';

/**
 * The back office's list query, as react-admin's simple REST data provider sends it:
 * sort=["title","ASC"], range=[0,24], filter={"q":"...","id":[1,2]} (each a JSON string).
 */
function jsonParam<T extends z.ZodType>(schema: T, example: string) {
  return z
    .string()
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `Must be JSON, like ${example}.` });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

export const adminListQuerySchema = z.object({
  sort: jsonParam(z.tuple([z.string().max(50), z.enum(['ASC', 'DESC'])]), '["id","ASC"]').optional(),
  range: jsonParam(z.tuple([z.number().int().min(0), z.number().int().min(0)]).refine(([a, b]) => b >= a && b - a < 1000, 'At most 1000 rows at a time, first <= last.'), '[0,24]').optional(),
  filter: jsonParam(z.record(z.string(), z.unknown()), '{"q":"zamu"}').optional(),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

export const adminDjInputSchema = z.object({ dj_name: requiredText('The DJ name', 60) });
export const adminGenreInputSchema = z.object({ title: requiredText('The title', 60) });
export const adminNotificationInputSchema = z.object({
  message: requiredText('The message', 500),
  /** The notice in Kiswahili; left empty, a Kiswahili reader gets the English one. */
  message_sw: optionalTranslation(500, 'The message must be at most 500 characters.'),
});

export const adminAuditEntrySchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  action: z.enum(['create', 'update', 'delete']),
  resource: z.string(),
  record_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminRefundInputSchema = z.object({
  reason: z.string().trim().min(3, 'Say why (at least 3 characters).').max(500),
  /** Where the money goes: the customer's balance (as before), or their M-Pesa phone by B2C. */
  to: z.enum(['balance', 'mpesa']).default('balance'),
});

export const adminAdjustmentInputSchema = z.object({
  user_id: idSchema(),
  amount: z
    .number()
    .int('Whole Ksh only.')
    .refine((n) => n !== 0, 'An adjustment cannot be zero.')
    .refine((n) => Math.abs(n) <= 1_000_000, 'At most Ksh 1,000,000 at a time.'),
  reason: z.string().trim().min(3, 'Say why (at least 3 characters).').max(500),
});

export const adminPurchaseSchema = z.object({
  id: z.number().int(),
  /** The kind of sale it came from (a purchase, a bundle, a gift); null for one made before sale lines. */
  kind: z.enum(['purchase', 'rental', 'bundle', 'gift', 'pass']).nullable(),
  /** The promo code its order used, or null. */
  promo_code: z.string().nullable(),
  user_id: z.number().int(),
  username: z.string(),
  video_id: z.number().int(),
  video_title: z.string(),
  price: z.number().int(),
  created_at: z.string(),
  refunded_at: z.string().nullable(),
});
export type AdminPurchase = z.infer<typeof adminPurchaseSchema>;

export const adminContactMessageInputSchema = z.object({ is_read: z.boolean() });

/** A reply to a contact message: mailed to its sender and kept with the message. */
export const adminContactReplyInputSchema = z.object({ reply: z.string().trim().min(1, 'Write the reply first.').max(5000, 'At most 5,000 characters.') });
