import { useNavigate, useParams } from 'react-router';
import { useGenres } from '../api/get-genres.ts';
import { ChipPicker } from '../components/chip-picker.tsx';
import { VideoListPage } from '../components/video-list-page.tsx';

/** /genre and /genre/{gen}: genre chips, the chosen genre's grid and a count line. */
export default function GenreScreen() {
  const { gen } = useParams();
  const navigate = useNavigate();
  const genres = useGenres();
  const chosen = gen ?? genres.data?.results[0]?.title ?? null;
  return (
    <VideoListPage
      title={chosen ? `Genre: ${chosen}` : 'Genre'}
      query={{ page_size: 1000, genre: chosen ?? undefined, ordering: '-date_uploaded' }}
      emptyText={`Currently no ${chosen ?? ''} movie.`}
      countWhat={chosen ? `in ${chosen}` : undefined}
    >
      <ChipPicker label="Genres" options={genres.data?.results.map((g) => g.title)} selected={chosen} onSelect={(g) => g && navigate(`/genre/${encodeURIComponent(g)}`)} />
    </VideoListPage>
  );
}
