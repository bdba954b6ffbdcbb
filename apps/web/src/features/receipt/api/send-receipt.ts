import { useMutation } from '@tanstack/react-query';
import type { SendReceipt } from '@store/contract';
import { authRequest } from '../../../lib/auth.ts';

/** POST /api/receipts/{id}/send/: a copy by e-mail (the account's address) or by SMS. */
export function useSendReceipt(id: number) {
  return useMutation({ mutationFn: (body: SendReceipt) => authRequest<{ detail: string }>('POST', `/receipts/${id}/send/`, { body }) });
}
