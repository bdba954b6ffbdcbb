import { useParams } from 'react-router';
import { VideoListPage } from '../components/video-list-page.tsx';

/** /popular/{dj}: a DJ's popular videos. */
export default function PopularScreen() {
  const { dj = '' } = useParams();
  return <VideoListPage title={`Popular with DJ ${dj}`} query={{ page_size: 1000, dj, popular: true, ordering: '-purchase_times' }} emptyText={`Currently no popular movie by DJ ${dj}.`} />;
}
