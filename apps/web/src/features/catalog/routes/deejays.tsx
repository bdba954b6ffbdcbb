import { useSearchParams } from 'react-router';
import { useDjs } from '../api/get-djs.ts';
import { useGenres } from '../api/get-genres.ts';
import { ChipPicker } from '../components/chip-picker.tsx';
import { VideoListPage } from '../components/video-list-page.tsx';

/** /deejays: choose a DJ chip and a genre chip; the grid shows what matches both (seed §2). */
export default function DeejaysScreen() {
  const [params, setParams] = useSearchParams();
  const djs = useDjs();
  const genres = useGenres();
  const dj = params.get('dj') ?? djs.data?.results[0]?.dj_name ?? null;
  const genre = params.get('genre');
  const choose = (key: 'dj' | 'genre', value: string | null) => {
    const next = new URLSearchParams(params);
    if (key === 'dj' && dj && !next.has('dj')) next.set('dj', dj);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  return (
    <VideoListPage
      title="DJ/s"
      query={{ page_size: 1000, dj: dj ?? undefined, genre: genre ?? undefined, ordering: '-date_uploaded' }}
      emptyText={`Currently no ${genre ?? ''} movie by DJ ${dj ?? ''}.`.replace('  ', ' ')}
      countWhat={dj ? `by DJ ${dj}${genre ? ` in ${genre}` : ''}` : undefined}
    >
      <ChipPicker label="DJs" options={djs.data?.results.map((d) => d.dj_name)} selected={dj} onSelect={(v) => choose('dj', v)} />
      <ChipPicker label="Genres" options={genres.data?.results.map((g) => g.title)} selected={genre} onSelect={(v) => choose('genre', v)} allowAll />
    </VideoListPage>
  );
}
