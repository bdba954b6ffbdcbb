import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Video } from '@store/contract';
import { isSignedIn, ownedTitles, useSession } from '../../../lib/session.ts';
import { useAddToCart, useCart } from '../api/order-calls.ts';
import { BuyDialog } from './buy-dialog.tsx';

/** The store page's Buy and Add to cart (seed §2, §4): a visitor is sent to log in at Buy. */
export function BuyActions({ video }: { video: Video }) {
  const navigate = useNavigate();
  useSession(); // re-render when the customer signs in or buys
  const cart = useCart();
  const add = useAddToCart();
  const [buying, setBuying] = useState(false);
  const inCart = cart.data?.results.some((i) => i.video_id === video.vidId) ?? false;

  if (ownedTitles().includes(video.title)) {
    return (
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 2 }}>
        <Chip color="success" label="You own this video" />
        <Button component={Link} to={`/watch/${video.vidId}`} variant="contained" size="large">
          Watch now
        </Button>
      </Box>
    );
  }
  const item = { video_id: video.vidId, video_name: video.title, image_url: video.image, price: video.price, purchase_times: video.purchase_times, season: video.season, dj: video.dj };
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
      <Button variant="contained" size="large" onClick={() => (isSignedIn() ? setBuying(true) : navigate('/account/authenticate'))}>
        Buy
      </Button>
      {inCart ? (
        <Button variant="outlined" size="large" disabled>
          Movie in cart
        </Button>
      ) : (
        <Button variant="outlined" size="large" onClick={() => add.mutate(item)} disabled={add.isPending || cart.isPending}>
          Add to cart
        </Button>
      )}
      {inCart && (
        <Button component={Link} to="/cart" size="large">
          Go to cart
        </Button>
      )}
      {buying && <BuyDialog open items={[item]} onClose={() => setBuying(false)} onBought={() => navigate(`/watch/${video.vidId}`)} />}
    </Box>
  );
}
