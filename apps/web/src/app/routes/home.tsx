import { HomeScreen } from '../../features/catalog/routes/home.tsx';
import { ContinueWatchingRail } from './continue-watching-rail.tsx';

/** The home page with the customer's Continue watching as its first rail (features meet here, in the app). */
export default function HomeRoute() {
  return <HomeScreen firstRail={<ContinueWatchingRail />} />;
}
