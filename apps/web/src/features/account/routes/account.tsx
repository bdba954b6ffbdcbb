import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Deposit } from '@store/contract';
import { EmptyState, ErrorState } from '../../../components/states.tsx';
import { formatDate, formatKsh } from '../../../lib/format.ts';
import { pageSx, PageTitle } from '../../../components/page.tsx';
import { ActivityList } from '../components/activity-list.tsx';
import { GiftsList } from '../components/gifts-list.tsx';
import { RentalsList } from '../components/rentals-list.tsx';
import { MyPasses } from '../../../components/my-passes.tsx';
import { ReceiptsList } from '../components/receipts-list.tsx';
import { FamilyLockCard } from '../components/family-lock-card.tsx';
import { LogoutButton } from '../components/logout-button.tsx';
import { paymentSentence } from '../../../lib/mpesa-outcome.ts';
import { useGuardedInfo } from '../../../api/use-guarded-info.ts';
import { useT } from '../../../lib/i18n.ts';
import { keptByFamilyLock, useFamilyLock } from '../../../lib/family-lock.ts';
import { HiddenByFamilyLock, hiddenIn } from '../../../components/family-lock-note.tsx';
import { NavList } from '../../../components/nav-list.tsx';
import { accountEntriesFor, useSidebarShown } from '../../../lib/navigation.ts';

/** A part other features give the account page (the app composes them): its section's key in the account's entries (lib/navigation.ts) and what it shows. */
export interface AccountSection {
  key: string;
  element: ReactNode;
}

/** /account: the account's menu (the account's entries of the one navigation) and, beside it, the part chosen (seed §2); `sections`: the app's further parts. */
export default function AccountScreen({ sections = [] }: { sections?: AccountSection[] }) {
  const t = useT();
  const info = useGuardedInfo();
  const [params] = useSearchParams();
  const section = params.get('section');
  const user = info.data?.user;
  // With the sidebar beside the page, its "Account" entries are this menu already: listed once (issue 32 item 26).
  const sidebarShown = useSidebarShown();
  // The lock's state is read on render: unlocking with the PIN shows the list whole again.
  useFamilyLock();
  const kept = keptByFamilyLock(info.data?.purchase ?? []);
  // The server leaves out what the family lock hides and counts it (CONTRACT §16); the rating check stays for an older answer.
  const list = { shown: kept.shown, hidden: kept.hidden + hiddenIn(info.data) };

  // The account's entries of the store's one navigation: the side menu shows them under "Account", same words, same order.
  const nav = (
    <Box component="nav" aria-label={t('account.title')} sx={{ gridColumn: { md: 1 }, gridRow: { md: 1 }, '& .nav-list': { mb: 2 } }}>
      <NavList entries={accountEntriesFor(Boolean(user?.is_staff))} />
      <LogoutButton />
    </Box>
  );
  const chosen = (
    <Box sx={{ gridColumn: { md: 2 }, gridRow: { md: 1 }, minWidth: 0 }}>
      {info.isError && !user ? (
        <ErrorState message={section === 'list' ? t('account.list_failed') : undefined} onRetry={() => void info.refetch()} />
      ) : !user ? (
        <Skeleton variant="rounded" height={160} />
      ) : section === 'activity' ? (
        <ActivityList />
      ) : section === 'rentals' ? (
        <RentalsList />
      ) : section === 'passes' ? (
        <MyPasses heading={t('account.passes.title')} />
      ) : section === 'gifts' ? (
        <GiftsList />
      ) : section === 'receipts' ? (
        <ReceiptsList />
      ) : section === 'family' ? (
        <FamilyLockCard />
      ) : sections.some((x) => x.key === section) ? (
        sections.find((x) => x.key === section)!.element
      ) : section === 'deposits' ? (
        <>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('account.deposit_history')}
          </Typography>
          <Typography variant="body2" sx={{ mb: 1.5 }}>
            <Link to="/account?section=activity" style={{ color: 'inherit' }}>
              {t('account.activity.all_money')}
            </Link>
          </Typography>
          {info.data!.deposit_history.length === 0 ? (
            <EmptyState message={t('account.no_deposits')} />
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
              {(info.data!.deposit_history as Deposit[]).map((d) => (
                <Box component="li" key={`${d.time}-${d.checkout_request_id}`} sx={{ p: 1.5, bgcolor: 'background.paper', borderRadius: 1, display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                  <span>
                    <strong>{formatKsh(d.amount)}</strong> · {formatDate(d.time)}
                    <Box component="span" sx={{ display: 'block', fontSize: 13, color: 'text.secondary' }}>
                      +{d.phone_number}
                      {d.receipt ? ` · ${t('account.receipt', { receipt: d.receipt })}` : ''}
                      {/* The store's sentence in the language chosen now, never M-Pesa's own words. */}
                      {d.state !== 'completed' ? ` · ${paymentSentence(t, d)}` : ''}
                    </Box>
                  </span>
                  <Box component="span" sx={{ fontWeight: 700, color: { completed: 'success.main', pending: 'info.main', failed: 'error.main', cancelled: 'text.secondary', review: 'warning.main' }[d.state] }}>
                    {t('account.state', { state: d.state })}
                  </Box>
                </Box>
              ))}
            </Box>
          )}
        </>
      ) : section === 'list' ? (
        <>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('account.your_list')}
          </Typography>
          <HiddenByFamilyLock count={list.hidden} />
          {list.shown.length === 0 ? (
            list.hidden === 0 && <EmptyState message={t('account.no_purchases')} />
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
              {list.shown.map((p) => (
                <Box component="li" key={p.video_id} sx={{ p: 1.5, bgcolor: 'background.paper', borderRadius: 1, display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                  <Box component={Link} to={`/watch/${p.video_id}`} sx={{ color: 'inherit', fontWeight: 600 }}>
                    {p.video_name}
                  </Box>
                  <Box component="span" sx={{ color: 'text.secondary', fontSize: 13, whiteSpace: 'nowrap' }}>
                    {formatKsh(p.price)} · {formatDate(p.purchase_time, { dateOnly: true })}
                  </Box>
                </Box>
              ))}
            </Box>
          )}
        </>
      ) : (
        <Box sx={{ p: 2, bgcolor: 'background.paper', borderRadius: 2, maxWidth: 520 }}>
          <Typography variant="h6" component="h2">
            {user.username}
          </Typography>
          <Typography sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>{user.email}</Typography>
          <Typography sx={{ mt: 1.5, fontSize: 22, fontWeight: 800, color: 'secondary.main' }}>{formatKsh(user.profile.account)}</Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('account.balance_member_since', { date: formatDate(user.date_joined, { dateOnly: true }) })}
          </Typography>
          <Typography variant="body2" sx={{ mt: 1 }}>
            <Link to="/account?section=activity" style={{ color: 'inherit' }}>
              {t('account.activity.all_money')}
            </Link>
          </Typography>
        </Box>
      )}
    </Box>
  );

  if (sidebarShown) {
    return (
      <Box sx={pageSx}>
        <PageTitle>{t('account.title')}</PageTitle>
        {/* A column, not the grid: the chosen part's grid placement is for the two-column layout below. */}
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          {chosen}
          <Box>
            <LogoutButton />
          </Box>
        </Box>
      </Box>
    );
  }
  return (
    <Box sx={pageSx}>
      <PageTitle>{t('account.title')}</PageTitle>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '220px 1fr' }, gap: 3 }}>
        {/* On a phone a chosen section comes first, in reach of the thumb, and the menu after it (issue 32 item 5). */}
        {section ? (
          <>
            {chosen}
            {nav}
          </>
        ) : (
          <>
            {nav}
            {chosen}
          </>
        )}
      </Box>
    </Box>
  );
}
