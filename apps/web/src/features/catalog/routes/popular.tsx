import { useParams } from 'react-router';
import { VideoListPage } from '../components/video-list-page.tsx';
import { useT } from '../../../lib/i18n.ts';

/** /popular/{dj}: a DJ's popular videos. */
export default function PopularScreen() {
  const t = useT();
  const { dj = '' } = useParams();
  return <VideoListPage title={t('catalog.popular_title', { dj })} query={{ page_size: 1000, dj, popular: true, ordering: '-purchase_times' }} emptyText={t('catalog.dj_popular_empty', { dj })} />;
}
