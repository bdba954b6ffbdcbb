import { useParams } from 'react-router';
import { VideoListPage } from '../../catalog/components/video-list-page.tsx';

/** /search/{term}: best title matches first, typos forgiven by the server. */
export default function SearchScreen() {
  const { searchTerm = '' } = useParams();
  return (
    <VideoListPage
      title={`Results for “${searchTerm}”`}
      query={{ page_size: 20, title: searchTerm, ordering: '-date_uploaded' }}
      emptyText={`No video by name ${searchTerm} found.`}
    />
  );
}
