import type { FastifyBaseLogger } from 'fastify';
import type { DarajaClient } from './daraja-client.ts';
import type { DepositService } from './deposit-service.ts';

/** After this many unanswered questions (about 4 hours of doubling gaps) a person looks at it. */
export const MAX_CHECKS = 8;
export const LOST_PUSH = 'M-Pesa’s answer to this payment request was lost. If the customer paid, M-Pesa’s callback or our team will credit it.';

/**
 * Settles deposits whose callback never came, by asking STK query, with doubling gaps. Its state is
 * the deposits table itself (next_check_at, checks), so it carries on after a restart. A deposit M-Pesa
 * will not settle goes to review: never credited on a guess.
 */
export function createReconciler(deps: { deposits: DepositService; daraja: DarajaClient; log: FastifyBaseLogger; firstCheckMs: number }) {
  return {
    /** One pass over the deposits that are due; answers how many it settled. */
    async tick(now = new Date()): Promise<number> {
      let settled = 0;
      for (const d of await deps.deposits.due(now, 25)) {
        if (!d.checkoutRequestId) {
          // The push left but its answer was never recorded (the process died in between): nothing to
          // ask M-Pesa about. Staff see it in review; its own callback, if the customer paid, still settles it.
          await deps.deposits.settle(d.id, { state: 'review', resultCode: null, resultDesc: LOST_PUSH });
          continue;
        }
        const answer = await deps.daraja.stkQuery(d.checkoutRequestId!).catch((err: unknown) => {
          deps.log.warn({ err, depositId: d.id }, 'STK query failed; asking again later');
          return undefined;
        });
        if (answer) {
          if (await deps.deposits.settle(d.id, { state: answer.state === 'pending' ? 'review' : answer.state, resultCode: answer.resultCode, resultDesc: answer.resultDesc })) settled++;
          continue;
        }
        const checks = d.checks + 1;
        if (checks >= MAX_CHECKS) {
          await deps.deposits.settle(d.id, { state: 'review', resultCode: null, resultDesc: 'M-Pesa has not said how this payment ended; our team will check it.' });
          continue;
        }
        await deps.deposits.reschedule(d.id, checks, new Date(now.getTime() + Math.max(deps.firstCheckMs, 1000) * 2 ** checks));
      }
      return settled;
    },
  };
}
