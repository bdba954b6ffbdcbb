import { describe, expect, it } from 'vitest';
import { isAcceptableCallbackUrl } from '@store/daraja-sim';
import { newCallbackSecret } from './callback-secret.ts';

describe('a callback secret', () => {
  it('never makes an address Daraja refuses, and is 192 bits', () => {
    // With base64url secrets about ten in these 5,000 spelled a banned word ('sql', 'cmd', ...), and a payout failed.
    const refused = Array.from({ length: 5000 }, () => `https://store.example.co.ke/api/payouts/result/${newCallbackSecret()}`).filter((u) => !isAcceptableCallbackUrl(u));
    expect(refused).toEqual([]);
    expect(newCallbackSecret()).toMatch(/^[0-9a-f]{48}$/);
  });
});
