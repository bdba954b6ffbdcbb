import Box from '@mui/material/Box';
import { Link, useLocation } from 'react-router';
import { useDjs } from '../../features/catalog/api/get-djs.ts';
import { useT } from '../../lib/i18n.ts';

/** Four DJ tabs: the first leads home, the others to their DJ page (seed §2). */
export function DjTabs() {
  const t = useT();
  const { data } = useDjs();
  const { pathname } = useLocation();
  const djs = (data?.results ?? []).slice(0, 4);
  return (
    <Box component="nav" aria-label={t('nav.djs')} sx={{ display: 'flex', flex: 1, minWidth: 0, overflowX: 'auto', minHeight: 40, px: { xs: 0.5, sm: 1.5 } }}>
      {djs.map((d, i) => {
        const href = i === 0 ? '/' : `/dj/${encodeURIComponent(d.dj_name)}`;
        const current = pathname === href;
        return (
          <Box
            key={d.id}
            component={Link}
            to={href}
            aria-current={current ? 'page' : undefined}
            sx={{
              flexShrink: 0,
              px: 2,
              lineHeight: '38px',
              fontSize: 14,
              fontWeight: 600,
              textTransform: 'uppercase',
              color: current ? 'primary.main' : 'text.secondary',
              textDecoration: 'none',
              borderBottom: 2,
              borderColor: current ? 'primary.main' : 'transparent',
              '&:hover': { color: 'text.primary' },
            }}
          >
            DJ {d.dj_name}
          </Box>
        );
      })}
    </Box>
  );
}
