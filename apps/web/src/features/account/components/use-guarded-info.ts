import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isSignedIn } from '../../../lib/session.ts';
import { useInfo } from '../api/account-calls.ts';

/** The signed-in customer's info; anyone else goes to the login page (seed §4 guards). */
export function useGuardedInfo() {
  const navigate = useNavigate();
  const signedIn = isSignedIn();
  const info = useInfo();
  useEffect(() => {
    if (!signedIn || info.isError) navigate('/account/authenticate', { replace: true });
  }, [signedIn, info.isError, navigate]);
  return info;
}
