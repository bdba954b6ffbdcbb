import Drawer from '@mui/material/Drawer';
import Typography from '@mui/material/Typography';
import { STORE_NAME } from '../../lib/store-info.ts';
import { SideNav } from './side-nav.tsx';

/** The phone's slide-in menu: closes when a link is chosen or a click lands outside it (seed §2). */
export default function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer id="side-menu" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 260 }, 'data-testid': 'drawer' } as object }}>
      <Typography sx={{ px: 2, pt: 2, fontWeight: 800 }}>{STORE_NAME}</Typography>
      <SideNav onNavigate={onClose} />
    </Drawer>
  );
}
