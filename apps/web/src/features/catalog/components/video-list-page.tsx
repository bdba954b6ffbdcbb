import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { VideoGrid } from '../../../components/video-grid.tsx';
import { useVideos, type VideoQuery } from '../api/get-videos.ts';

export function PageTitle({ children, badge }: { children: ReactNode; badge?: ReactNode }) {
  return (
    <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 1.5, display: 'flex', alignItems: 'center', gap: 1, fontSize: { xs: 20, sm: 26 } }}>
      {badge}
      {children}
    </Typography>
  );
}

export const pageSx = { px: { xs: 1.5, sm: 3 }, py: 2 } as const;

/** 'N videos' under a list, so a customer knows how much there is. */
export function CountLine({ count, what }: { count: number | undefined; what?: string }) {
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5, minHeight: 20 }} role="status">
      {count === undefined ? '' : `${count} ${count === 1 ? 'video' : 'videos'}${what ? ` ${what}` : ''}`}
    </Typography>
  );
}

interface ListProps {
  title: ReactNode;
  query: VideoQuery;
  emptyText: string;
  guide?: boolean;
  badge?: ReactNode;
  countWhat?: string;
  children?: ReactNode;
}

/** A screen that is one list of videos: title, optional controls, count line, grid. */
export function VideoListPage({ title, query, emptyText, guide, badge, countWhat, children }: ListProps) {
  const q = useVideos(query);
  return (
    <Box sx={pageSx}>
      <PageTitle badge={badge}>{title}</PageTitle>
      {children}
      <CountLine count={q.data?.count} what={countWhat} />
      <VideoGrid videos={q.data?.results} isLoading={q.isPending} isError={q.isError} onRetry={() => void q.refetch()} emptyText={emptyText} guide={guide} />
    </Box>
  );
}
