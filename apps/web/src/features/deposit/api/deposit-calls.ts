import { useMutation } from '@tanstack/react-query';
import type { Deposit } from '@store/contract';
import { authRequest } from '../../../lib/auth.ts';

export interface DepositStarted {
  success: true;
  CheckoutRequestID: string;
  CustomerMessage: string;
  deposit: Deposit;
  simulator_phone: string | null;
}

/** POST /api/deposit/ with the seed's fields: the buyer id goes as `username`. */
export function useStartDeposit() {
  return useMutation({
    mutationFn: (input: { amount: number; phone_number: string; username: number }) => authRequest<DepositStarted>('POST', '/deposit/', { body: input }),
  });
}
