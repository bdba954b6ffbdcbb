import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { CountLine, pageSx, PageTitle } from '../../../components/page.tsx';
import { VideoGrid } from '../../../components/video-grid.tsx';
import { useVideos, type VideoQuery } from '../../../api/get-videos.ts';
import { RatingFilter, useRatingFilter } from './rating-filter.tsx';

interface ListProps {
  title: ReactNode;
  query: VideoQuery;
  emptyText: string;
  guide?: boolean;
  badge?: ReactNode;
  /** The count line's words when it says more than 'N videos' (by whom, in what). */
  countText?: (count: number) => string;
  children?: ReactNode;
}

/** A screen that is one list of videos: title, optional controls, count line, grid. */
export function VideoListPage({ title, query, emptyText, guide, badge, countText, children }: ListProps) {
  const [ratings] = useRatingFilter();
  const q = useVideos(ratings.length ? { ...query, rating: ratings.join(',') } : query);
  return (
    <Box sx={pageSx}>
      <PageTitle badge={badge}>{title}</PageTitle>
      {children}
      <RatingFilter />
      <CountLine count={q.data?.count} text={countText} />
      <VideoGrid videos={q.data?.results} isLoading={q.isPending} isError={q.isError} onRetry={() => void q.refetch()} emptyText={emptyText} guide={guide} />
    </Box>
  );
}
