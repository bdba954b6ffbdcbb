import { useFamilyLockState } from '../../api/family-lock.ts';
import { useSession } from '../../lib/session.ts';

/**
 * Asks once per visit (and a minute later at most) whether the signed-in account's family lock is
 * on (CONTRACT §13): this phone's lists follow it. A component of its own, rendering nothing, so the
 * session's changes re-render it alone and not the page's shell.
 */
export function FamilyLockWatch() {
  useFamilyLockState(useSession().signedIn);
  return null;
}
