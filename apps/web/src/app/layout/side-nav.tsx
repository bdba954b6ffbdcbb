import Box from '@mui/material/Box';
import { NavLink } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import { NAV_ENTRIES } from './nav-entries.ts';

/** The side navigation's links; `onNavigate` lets the phone drawer close when one is chosen. */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT();
  return (
    <Box component="nav" aria-label={t('nav.main')} sx={{ py: 1 }}>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {NAV_ENTRIES.map((e) => (
          <li key={e.to}>
            <Box
              component={NavLink}
              to={e.to}
              end={e.to === '/'}
              onClick={onNavigate}
              sx={{
                display: 'block',
                px: 2,
                py: 1.1,
                color: 'text.primary',
                textDecoration: 'none',
                borderLeft: 3,
                borderColor: 'transparent',
                '&:hover': { bgcolor: 'action.hover' },
                '&.active': { bgcolor: 'action.selected', borderColor: 'primary.main', fontWeight: 700 },
              }}
            >
              {t(e.label)}
            </Box>
          </li>
        ))}
      </Box>
    </Box>
  );
}
