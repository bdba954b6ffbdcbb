import { useParams } from 'react-router';
import DjScreen from '../../features/catalog/routes/dj.tsx';
import { DjPassOffer } from '../../features/cart/components/pass-offer.tsx';
import '../../features/cart/components/offers.css';

/** /dj/{dj}: the DJ's videos with the DJ's pass on offer above them (features meet here, in the app). */
export default function DjRoute() {
  const { dj = '' } = useParams();
  return <DjScreen offer={<DjPassOffer dj={dj} />} />;
}
