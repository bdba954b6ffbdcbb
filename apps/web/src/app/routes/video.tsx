import VideoScreen from '../../features/catalog/routes/video.tsx';
import { BuyActions } from '../../features/cart/components/buy-actions.tsx';

/** /video/{id}: the catalogue's store page with the cart's Buy and Add to cart (features meet here, in the app). */
export default function VideoRoute() {
  return <VideoScreen actions={(video) => <BuyActions video={video} />} />;
}
