import type { QueryClient } from '@tanstack/react-query';
import { onFamilyLockChange } from '../lib/family-lock.ts';

/**
 * The back button never shows a locked page unlocked (issue 32 item 11): every answer the cache holds
 * was read with the lock state of its time (an X-Family-Unlock, or none), and Back renders a page
 * from the cache before it asks again. So when the lock or the unlock changes, the answers of pages
 * no longer on screen are dropped (Back reads them afresh, with the new state) and those on screen
 * are read again. The unlock itself lives in localStorage per account, never in history state.
 */
export function dropAnswersOnLockChange(client: QueryClient): () => void {
  return onFamilyLockChange(() => {
    client.removeQueries({ type: 'inactive' });
    void client.invalidateQueries({ type: 'active' });
  });
}
