import { HomeScreen } from '../../features/catalog/routes/home.tsx';
import { part, SignedInOnly } from '../layout/signed-in-only.tsx';

/** A signed-in customer's rail: its code loads only for them (issue 32 item 8). */
const ContinueWatchingRail = part(() => import('./continue-watching-rail.tsx'), 'ContinueWatchingRail');

/** The home page with the customer's Continue watching as its first rail (features meet here, in the app). */
export default function HomeRoute() {
  return (
    <HomeScreen
      firstRail={
        <SignedInOnly>
          <ContinueWatchingRail />
        </SignedInOnly>
      }
    />
  );
}
