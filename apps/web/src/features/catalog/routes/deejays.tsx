import { useSearchParams } from 'react-router';
import { useDjs } from '../api/get-djs.ts';
import { useGenres } from '../api/get-genres.ts';
import { ChipPicker } from '../components/chip-picker.tsx';
import { VideoListPage } from '../components/video-list-page.tsx';
import { useT } from '../../../lib/i18n.ts';

/** /deejays: choose a DJ chip and a genre chip; the grid shows what matches both (seed §2). */
export default function DeejaysScreen() {
  const t = useT();
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
      title={t('catalog.deejays_title')}
      query={{ page_size: 1000, dj: dj ?? undefined, genre: genre ?? undefined, ordering: '-date_uploaded' }}
      emptyText={genre ? t('catalog.dj_genre_empty', { genre, dj: dj ?? '' }) : t('catalog.dj_empty', { dj: dj ?? '' })}
      countText={dj ? (count) => (genre ? t('catalog.count_by_dj_in', { count, dj, genre }) : t('catalog.count_by_dj', { count, dj })) : undefined}
    >
      <ChipPicker label={t('catalog.djs')} options={djs.data?.results.map((d) => d.dj_name)} selected={dj} onSelect={(v) => choose('dj', v)} />
      <ChipPicker label={t('catalog.genres')} options={genres.data?.results.map((g) => g.title)} selected={genre} onSelect={(v) => choose('genre', v)} allowAll />
    </VideoListPage>
  );
}
