import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isSignedIn } from '../lib/session.ts';
import { useInfo } from './get-info.ts';

/** The signed-in customer's info; anyone else goes to the login page, and comes back here after it (seed §4 guards). */
export function useGuardedInfo() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const signedIn = isSignedIn();
  const info = useInfo();
  useEffect(() => {
    if (!signedIn || info.isError) navigate(`/account/authenticate?next=${encodeURIComponent(pathname + search)}`, { replace: true });
  }, [signedIn, info.isError, navigate, pathname, search]);
  return info;
}
