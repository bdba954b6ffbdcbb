import { QueryClient } from '@tanstack/react-query';

/**
 * The back office's answers cache (react-admin's lists and records, the media panel's polling). One
 * instance the auth provider can empty, so the next person at a shared computer starts clean.
 */
export const queryClient = new QueryClient();
