import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useGenres } from '../api/get-genres.ts';
import { ChipPicker } from '../components/chip-picker.tsx';
import { VideoListPage } from '../components/video-list-page.tsx';
import { useT } from '../../../lib/i18n.ts';

const TABS = ['recent', 'popular', 'genre'] as const;
type DjTab = (typeof TABS)[number];

/** /dj/{dj}: all of one DJ's videos with a DJTV badge and the Recent, Popular and Genre tabs; `offer` (the app's): the DJ's pass. */
export default function DjScreen({ offer }: { offer?: ReactNode }) {
  const t = useT();
  const { dj = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as DjTab) : 'recent';
  const genres = useGenres();
  const genre = tab === 'genre' ? (params.get('genre') ?? genres.data?.results[0]?.title ?? null) : null;
  const set = (changes: Record<string, string>) => setParams({ ...Object.fromEntries(params), ...changes }, { replace: true });

  return (
    <VideoListPage
      title={`DJ ${dj}`}
      badge={<Chip label="DJTV" color="secondary" size="small" sx={{ fontWeight: 800 }} />}
      query={{
        page_size: 1000,
        dj,
        ordering: '-date_uploaded',
        ...(tab === 'popular' ? { popular: true } : {}),
        ...(genre ? { genre } : {}),
      }}
      emptyText={tab === 'popular' ? t('catalog.dj_popular_empty', { dj }) : genre ? t('catalog.dj_genre_empty', { genre, dj }) : t('catalog.dj_empty', { dj })}
      countText={(count) => t('catalog.count_by_dj', { count, dj })}
    >
      {offer}
      <Tabs value={tab} onChange={(_e, v: DjTab) => set({ tab: v })} aria-label={t('catalog.dj_videos', { dj })} sx={{ mb: 1.5 }}>
        <Tab value="recent" label={t('catalog.tab_recent')} />
        <Tab value="popular" label={t('catalog.tab_popular')} />
        <Tab value="genre" label={t('catalog.tab_genre')} />
      </Tabs>
      {/* The seed's /popular/{dj}, most bought first: linked from nowhere else (issue 32 item 26, every seed route reachable). */}
      {tab === 'popular' && (
        <Link to={`/popular/${encodeURIComponent(dj)}`} style={{ display: 'inline-block', marginBottom: 12, color: 'inherit', fontSize: 14 }}>
          {t('catalog.popular_most_bought', { dj })}
        </Link>
      )}
      {tab === 'genre' && <ChipPicker label={t('catalog.genres')} options={genres.data?.results.map((g) => g.title)} selected={genre} onSelect={(g) => g && set({ genre: g })} />}
    </VideoListPage>
  );
}
