import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { usePassProducts } from '../../../api/passes.ts';
import { MyPasses } from '../../../components/my-passes.tsx';
import { pageSx, PageTitle } from '../../../components/page.tsx';
import { EmptyState, ErrorState } from '../../../components/states.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { PassCard } from '../components/pass-offer.tsx';
import '../components/offers.css';

/**
 * /passes: a day, a week or a month of watching (CONTRACT §14), paid the way airtime is. The
 * customer's live passes first, with their time left and renewal; then every pass on sale.
 */
export default function PassesScreen() {
  const t = useT();
  const { signedIn } = useSession();
  const products = usePassProducts();
  const list = products.data ?? [];
  return (
    <Box sx={pageSx}>
      <PageTitle>{t('cart.pass.page_title')}</PageTitle>
      <Typography sx={{ color: 'text.secondary', mb: 2, maxWidth: 560 }}>{t('cart.pass.page_intro')}</Typography>
      {signedIn && <MyPasses liveOnly heading={t('cart.pass.live_heading')} />}
      {products.isError ? (
        <ErrorState onRetry={() => void products.refetch()} />
      ) : products.isPending ? (
        <Skeleton variant="rounded" height={180} />
      ) : list.length === 0 ? (
        <EmptyState message={t('cart.pass.none_on_sale')} />
      ) : (
        <ul className="pass-cards" aria-label={t('cart.pass.on_sale')}>
          {list.map((p) => (
            <PassCard key={p.id} product={p} />
          ))}
        </ul>
      )}
    </Box>
  );
}
