import { useParams } from 'react-router';
import DjScreen from '../../features/catalog/routes/dj.tsx';
import { useDjs } from '../../features/catalog/api/get-djs.ts';
import { DjPassOffer } from '../../features/cart/components/pass-offer.tsx';
import { FollowButton } from '../../features/notifications/components/follow-button.tsx';
import '../../features/cart/components/offers.css';

/** /dj/{dj}: the DJ's videos with Follow and the DJ's pass on offer above them (features meet here, in the app). */
export default function DjRoute() {
  const { dj = '' } = useParams();
  // Follows name a DJ by id; the page by name (the header's list of DJs, usually already loaded).
  const found = useDjs().data?.results.find((d) => d.dj_name.toLowerCase() === dj.toLowerCase());
  return (
    <DjScreen
      offer={
        <>
          <FollowButton kind="dj" id={found ? String(found.id) : null} name={dj} />
          <DjPassOffer dj={dj} />
        </>
      }
    />
  );
}
