import { describe, expect, it } from 'vitest';
import { DEPOSIT_OUTCOMES } from '@store/contract';
import { say } from '../../lib/words.ts';
import { customerMessage, depositOutcome, pushRefusal } from './outcome-words.ts';

describe("M-Pesa's result codes in the store's words", () => {
  it.each([
    ['1032', 'cancelled', 'cancelled'],
    ['2001', 'failed', 'wrong_pin'],
    ['1037', 'failed', 'expired'],
    ['1019', 'failed', 'expired'],
    ['1', 'failed', 'insufficient_funds'],
    ['17', 'failed', 'busy'],
    ['1001', 'failed', 'busy'],
    ['2', 'failed', 'over_limit'],
    ['3', 'failed', 'over_limit'],
    ['4', 'failed', 'over_limit'],
    ['8', 'failed', 'over_limit'],
    ['1025', 'failed', 'not_sent'],
    ['9999', 'failed', 'not_sent'],
    ['SFC_IC0003', 'failed', 'failed'],
    ['constructor', 'failed', 'failed'],
    [null, 'failed', 'failed'],
  ] as const)('reads ResultCode %s (%s) as %s', (code, state, outcome) => {
    expect(depositOutcome(state, code)).toBe(outcome);
    expect(customerMessage(state, code)).toBe(DEPOSIT_OUTCOMES[outcome]);
  });

  it('reads the state first: waiting, paid, in review', () => {
    expect([depositOutcome('pending', null), depositOutcome('completed', '0'), depositOutcome('review', null)]).toEqual(['waiting', 'paid', 'review']);
  });

  it('never shows M-Pesa’s own words, and has every sentence in Kiswahili', () => {
    const sentences = [...Object.values(DEPOSIT_OUTCOMES), ...['500.001.1001', '500.003.02', 'network', '400.002.02'].map(pushRefusal)];
    for (const sentence of sentences) {
      expect(sentence).not.toMatch(/initiator|DS timeout|Unable to lock|Bad Request/);
      expect(say(sentence, 'sw'), sentence).not.toBe(sentence);
    }
    expect(say(customerMessage('failed', '2001'), 'sw')).toBe('PIN ya M-Pesa haikuwa sahihi. Hakuna pesa iliyokatwa: jaribu tena na uweke PIN yako kwa makini.');
    expect(pushRefusal('500.001.1001')).toBe(DEPOSIT_OUTCOMES.busy);
  });
});
