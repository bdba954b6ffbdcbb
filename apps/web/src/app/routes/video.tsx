import VideoScreen from '../../features/catalog/routes/video.tsx';
import { BuyActions } from '../../features/cart/components/buy-actions.tsx';
import { FollowButton } from '../../features/notifications/components/follow-button.tsx';

/** /video/{id}: the catalogue's store page with the cart's Buy and Add to cart, and Follow for a series (features meet here, in the app). */
export default function VideoRoute() {
  return (
    <VideoScreen
      actions={(video) => (
        <>
          <BuyActions video={video} />
          {video.cartegory === 'series' && <FollowButton kind="series" id={video.title} name={video.title} />}
        </>
      )}
    />
  );
}
