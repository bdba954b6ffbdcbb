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

/**
 * 'Login' with an icon when signed out; the short name and picture, linking to the account (its every
 * section, the profile among them: issue 32 item 5), when in (classes in shell.css).
 */
export function AccountLink() {
  const t = useT();
  const { signedIn, name, picture, balance } = useSession();
  // The balance is the server's: read on every page load and whenever the customer comes back to the tab.
  useInfo(signedIn);
  if (!signedIn) {
    return (
      <Link to="/account/authenticate" className="account-link">
        <PersonIcon />
        {t('header.login')}
      </Link>
    );
  }
  return (
    <Link to="/account" className="account-link">
      {picture ? <img src={picture} alt="" width={28} height={28} style={{ borderRadius: '50%', objectFit: 'cover' }} /> : <PersonIcon />}
      {/* On a phone with a balance showing, the name gives way (shell.css): the search box keeps its room. */}
      <span data-testid="account-name" className="account-name">
        {shortDisplayName(name)}
      </span>
      {balance !== null && (
        <span data-testid="header-balance" className="account-balance">
          {formatKsh(balance)}
        </span>
      )}
      {/* The link's name starts with what it shows, and says whose account it is (WCAG 2.5.3). */}
      <span className="visually-hidden">{t('header.account_of', { name: name?.trim() || t('header.anonymous') })}</span>
    </Link>
  );
}
