import { z } from './zod.ts';
import { idSchema, kshAmount } from './common.ts';
import { kenyanPhoneSchema } from './phone.ts';

export const DEPOSIT_MIN = 1;
export const DEPOSIT_MAX = 250_000;

/** POST /deposit/ as the seed sends it; `username` is the buyer id (seed §7). */
export const depositInputSchema = z.object({
  phone_number: kenyanPhoneSchema(),
  amount: kshAmount(DEPOSIT_MIN, DEPOSIT_MAX),
  username: idSchema(),
});

export const DEPOSIT_STATES = ['pending', 'completed', 'failed', 'cancelled', 'review'] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];

export const depositSchema = z
  .object({
    checkout_request_id: z.string().nullable(),
    amount: z.number().int(),
    phone_number: z.string(),
    state: z.enum(DEPOSIT_STATES),
    result_desc: z.string().nullable(),
    receipt: z.string().nullable(),
    time: z.string(),
    /** The balance after this deposit, once it is completed. */
    balance: z.number().int().nullable(),
    /** What happened, in a plain sentence for the customer (result_desc is M-Pesa's own words). */
    message: z.string(),
    /** For a payment made at checkout (CONTRACT §8): the videos it buys and how that went. */
    purchase: z
      .object({ state: z.enum(['pending', 'completed', 'failed']), video_ids: z.array(z.number().int()), detail: z.string().nullable() })
      .nullable(),
  })
  .meta({ id: 'Deposit' });
export type Deposit = z.infer<typeof depositSchema>;

export const depositStartedSchema = z.object({
  success: z.literal(true),
  CheckoutRequestID: z.string(),
  CustomerMessage: z.string(),
  deposit: depositSchema,
  /** In simulator mode, the page of the simulated phone where the prompt can be answered. */
  simulator_phone: z.string().nullable(),
});

/** 202 from /purchased/ or /checkout/ when the balance is short and a phone was given: one STK push for the shortfall. */
export const checkoutPaymentSchema = z
  .object({
    CheckoutRequestID: z.string(),
    amount: z.number().int().describe('The shortfall in Ksh: the total minus the balance'),
    CustomerMessage: z.string(),
    deposit: depositSchema,
    simulator_phone: z.string().nullable(),
  })
  .meta({ id: 'CheckoutPayment' });
export type CheckoutPayment = z.infer<typeof checkoutPaymentSchema>;
