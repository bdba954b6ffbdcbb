import { useNavigate, useParams } from 'react-router';
import { useGenres } from '../api/get-genres.ts';
import { ChipPicker } from '../components/chip-picker.tsx';
import { VideoListPage } from '../components/video-list-page.tsx';
import { useT } from '../../../lib/i18n.ts';

/** /genre and /genre/{gen}: genre chips, the chosen genre's grid and a count line. */
export default function GenreScreen() {
  const t = useT();
  const { gen } = useParams();
  const navigate = useNavigate();
  const genres = useGenres();
  const chosen = gen ?? genres.data?.results[0]?.title ?? null;
  return (
    <VideoListPage
      title={chosen ? t('catalog.genre_title', { genre: chosen }) : t('catalog.genre')}
      query={{ page_size: 1000, genre: chosen ?? undefined, ordering: '-date_uploaded' }}
      emptyText={t('catalog.genre_empty', { genre: chosen ?? '' })}
      countText={chosen ? (count) => t('catalog.count_in', { count, genre: chosen }) : undefined}
    >
      <ChipPicker label={t('catalog.genres')} options={genres.data?.results.map((g) => g.title)} selected={chosen} onSelect={(g) => g && navigate(`/genre/${encodeURIComponent(g)}`)} />
    </VideoListPage>
  );
}
