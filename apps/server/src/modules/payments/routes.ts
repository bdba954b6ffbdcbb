import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequestSchema, depositInputSchema, depositSchema, depositStartedSchema, errorDetailSchema, loginResponseSchema, type LoginResponse } from '@store/contract';
import type { FastifyReply } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import type { DepositService } from './deposit-service.ts';
import { carriedVisitorHash } from './visitor-cookie.ts';

/** Signs in the account a visitor's payment was made on, setting its refresh cookie (accounts, wired in app.ts). */
export type VisitorSignIn = (userId: number, reply: FastifyReply) => Promise<LoginResponse | null>;

const tags = ['deposits'];

export function paymentRoutes(deposits: DepositService, signIn?: VisitorSignIn): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/deposit',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary: 'Top up with M-Pesa: sends an STK push to the phone',
          description: 'phone_number in any Kenyan form; amount a whole number of Ksh from 1 to 250,000; username is your buyer id. One phone gets a few prompts per 10 minutes at most (429 with Retry-After).',
          security: [{ bearer: [] }],
          body: depositInputSchema,
          response: { 200: depositStartedSchema, 400: badRequestSchema, 401: errorDetailSchema, 403: errorDetailSchema, 429: errorDetailSchema, 502: errorDetailSchema.extend({ success: z.literal(false) }) },
        },
      },
      async (request) => {
        const d = await deposits.start(currentUser(request), request.body.username, { amount: request.body.amount, phone: request.body.phone_number });
        return {
          success: true as const,
          CheckoutRequestID: d.checkoutRequestId!,
          CustomerMessage: 'Enter your M-Pesa PIN to complete transaction.',
          deposit: await deposits.status(currentUser(request), d.checkoutRequestId!),
          simulator_phone: app.config.mpesa.mode === 'simulator' ? '/mpesa-sim/phone' : null,
        };
      },
    );

    app.get(
      '/deposit/:checkout_request_id',
      {
        preHandler: app.identifyUser,
        schema: {
          tags,
          summary: 'A deposit’s state, M-Pesa’s reason and, once completed, the new balance',
          description:
            'A visitor’s payment (bought with only a phone, CONTRACT §16) is answered without a token only to the browser that asked (its httpOnly visitor_payment cookie): ' +
            'once completed, its first answer there carries `login`, the login response of the account the paying phone named; never again, never elsewhere.',
          security: [{ bearer: [] }, {}],
          params: z.object({ checkout_request_id: z.string().max(100) }),
          response: { 200: depositSchema.extend({ login: loginResponseSchema.optional() }), 401: errorDetailSchema, 404: errorDetailSchema },
        },
      },
      async (request, reply) => {
        const hash = request.user ? null : carriedVisitorHash(request);
        if (!hash) return deposits.status(currentUser(request), request.params.checkout_request_id);
        const answer = await deposits.visitorStatus(request.params.checkout_request_id, hash);
        reply.header('cache-control', 'private, no-store');
        const login = answer.signIn !== null && signIn ? await signIn(answer.signIn, reply) : null;
        return login ? { ...answer.deposit, login } : answer.deposit;
      },
    );

    app.post(
      '/deposit/callback/:secret',
      {
        schema: {
          tags,
          summary: 'Daraja’s STK callback, on each deposit’s own secret path',
          description: 'Always answered 200 at once, as Daraja expects; only a matching callback for a pending deposit changes anything.',
          params: z.object({ secret: z.string().max(100) }),
          response: { 200: z.object({ ResultCode: z.number(), ResultDesc: z.string() }) },
        },
      },
      async (request) => {
        await deposits.handleCallback(request.params.secret, request.body).catch((err: unknown) => request.log.error({ err }, 'callback handling failed'));
        return { ResultCode: 0, ResultDesc: 'Accepted' };
      },
    );
  };
}
