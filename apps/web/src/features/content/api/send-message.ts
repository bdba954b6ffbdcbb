import { useMutation } from '@tanstack/react-query';
import type { ContactMessageInput } from '@store/contract';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/message/ from the contact form. */
export function useSendMessage() {
  return useMutation({ mutationFn: (input: ContactMessageInput) => apiPost<{ id: number }>('/message/', input) });
}
