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

/**
 * How a payment ended, in the store's own terms (the server maps M-Pesa's result codes to these,
 * never its ResultDesc), each with the sentence a customer reads: English here, Kiswahili in the
 * contract's catalog. A screen shows the sentence in the language chosen now, so switching language
 * changes an outcome already on screen.
 */
export const DEPOSIT_OUTCOMES = {
  waiting: 'Waiting for M-Pesa: enter your M-Pesa PIN on your phone.',
  paid: 'Paid with M-Pesa.',
  review: 'M-Pesa has not told us how this payment ended. If money left your M-Pesa, our team will credit it; nothing is lost.',
  cancelled: 'You cancelled the M-Pesa prompt. Nothing was charged.',
  wrong_pin: 'The M-Pesa PIN was wrong. Nothing was charged: try again and enter your PIN carefully.',
  expired: 'The M-Pesa prompt expired before a PIN was entered. Nothing was charged: send it again and enter your PIN when it appears.',
  insufficient_funds: 'Your M-Pesa balance is too low for this payment. Nothing was charged: top up M-Pesa and try again.',
  busy: 'M-Pesa is still busy with another payment on this phone. Wait a minute, then try again.',
  over_limit: 'M-Pesa refused this amount for this phone: it is below the minimum, above the maximum or over a daily limit. Nothing was charged.',
  not_sent: 'M-Pesa could not send the prompt to this phone. Nothing was charged: check that the phone is on, then try again.',
  failed: 'M-Pesa did not complete the payment. Nothing was charged: try again.',
} as const;
export type DepositOutcome = keyof typeof DEPOSIT_OUTCOMES;
const outcomeNames = Object.keys(DEPOSIT_OUTCOMES) as [DepositOutcome, ...DepositOutcome[]];

export const depositSchema = z
  .object({
    checkout_request_id: z.string().nullable(),
    amount: z.number().int(),
    phone_number: z.string(),
    state: z.enum(DEPOSIT_STATES),
    /** M-Pesa's result code as it answered (mpesa-daraja.md §3), kept with the deposit. */
    result_code: z.string().nullable(),
    /** M-Pesa's own words, for staff; customers read `message`. */
    result_desc: z.string().nullable(),
    /** How it ended in the store's terms; `message` is its sentence in the request's language. */
    outcome: z.enum(outcomeNames),
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

/**
 * 502 from any way to pay when its prompt never reached M-Pesa (refused, or the answer lost): why, and
 * the deposit as it stands. A retry with the same Idempotency-Key gets the same answer, never a new prompt.
 */
export const unsentPaymentSchema = z
  .object({ detail: z.string(), success: z.literal(false).optional(), deposit: depositSchema.optional() })
  .meta({ id: 'UnsentPayment' });
export type UnsentPayment = z.infer<typeof unsentPaymentSchema>;
