import Box from '@mui/material/Box';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { Link } from 'react-router';
import { formatKsh } from '../../lib/format.ts';
import { shortDisplayName, useSession } from '../../lib/session.ts';
import { useInfo } from '../../api/get-info.ts';
import { useT } from '../../lib/i18n.ts';

const PersonIcon = () => (
  <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
    <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Z" />
  </svg>
);

const linkSx = { display: 'flex', alignItems: 'center', gap: 0.75, flexShrink: 0, color: 'inherit', textDecoration: 'none', px: 1, py: 0.75, borderRadius: 1, fontSize: 14, fontWeight: 600, '&:hover': { bgcolor: 'action.hover' } } as const;

/** 'Login' with an icon when signed out; the short name and picture, linking to the profile, when in. */
export function AccountLink() {
  const t = useT();
  const { signedIn, name, picture, balance } = useSession();
  // The balance is the server's: read on every page load and whenever the customer comes back to the tab.
  useInfo(signedIn);
  if (!signedIn) {
    return (
      <Box component={Link} to="/account/authenticate" sx={linkSx}>
        <PersonIcon />
        {t('header.login')}
      </Box>
    );
  }
  return (
    <Box component={Link} to="/profile" sx={{ ...linkSx, textTransform: 'none' }}>
      {picture ? <img src={picture} alt="" width={28} height={28} style={{ borderRadius: '50%', objectFit: 'cover' }} /> : <PersonIcon />}
      <span data-testid="account-name">{shortDisplayName(name)}</span>
      {balance !== null && (
        <Box component="span" data-testid="header-balance" sx={{ color: 'secondary.main', fontWeight: 800, whiteSpace: 'nowrap' }}>
          {formatKsh(balance)}
        </Box>
      )}
      {/* The link's name starts with what it shows, and says whose profile it is (WCAG 2.5.3). */}
      <Box component="span" sx={visuallyHidden}>
        {t('header.profile_of', { name: name?.trim() || t('header.anonymous') })}
      </Box>
    </Box>
  );
}
