import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n.ts';

/** The chrome every screen shares: its padding, its title, and the count line under a list. */
export function PageTitle({ children, badge }: { children: ReactNode; badge?: ReactNode }) {
  return (
    <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 1.5, display: 'flex', alignItems: 'center', gap: 1, fontSize: { xs: 20, sm: 26 } }}>
      {badge}
      {children}
    </Typography>
  );
}

export const pageSx = { px: { xs: 1.5, sm: 3 }, py: 2 } as const;

/** 'N videos' under a list, so a customer knows how much there is; `text` says more (by whom, in what). */
export function CountLine({ count, text }: { count: number | undefined; text?: (count: number) => string }) {
  const t = useT();
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5, minHeight: 20 }} role="status">
      {count === undefined ? '' : text ? text(count) : t('count.videos', { count })}
    </Typography>
  );
}
