import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Person } from '@store/contract';
import { ErrorState } from '../../../components/states.tsx';
import { pageSx, PageTitle } from '../../../components/page.tsx';
import { usePeople } from '../api/get-content.ts';
import { useLanguage, useT } from '../../../lib/i18n.ts';
import { writtenIn } from '../../../components/catalog-words.ts';

function PersonCard({ person, large }: { person: Person; large?: boolean }) {
  const size = large ? 120 : 80;
  const language = useLanguage();
  return (
    <Box component="li" sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', p: 2, bgcolor: 'background.paper', borderRadius: 2 }}>
      <Avatar src={person.profile_image ?? undefined} alt="" sx={{ width: size, height: size }} slotProps={{ img: { width: size, height: size, loading: 'lazy' } }} />
      <Box>
        <Typography variant={large ? 'h6' : 'subtitle1'} component="h3" sx={{ fontWeight: 700 }}>
          {person.full_name}
        </Typography>
        <Typography variant="body2" sx={{ color: 'secondary.main', mb: 0.5 }}>
          {writtenIn(language, person.title, person.title_sw)}
        </Typography>
        <Typography variant="body2">{writtenIn(language, person.message, person.message_sw)}</Typography>
      </Box>
    </Box>
  );
}

function People({ kind, large }: { kind: 'ceo' | 'about_team'; large?: boolean }) {
  const q = usePeople(kind);
  if (q.isError) return <ErrorState onRetry={() => void q.refetch()} />;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: large ? '1fr' : '1fr 1fr' } }}>
      {q.isPending ? Array.from({ length: large ? 1 : 4 }, (_, i) => <Skeleton key={i} variant="rounded" height={large ? 150 : 110} />) : q.data.results.map((p) => <PersonCard key={p.id} person={p} large={large} />)}
    </Box>
  );
}

/** /about: who runs the store. */
export default function AboutScreen() {
  const t = useT();
  return (
    <Box sx={pageSx}>
      <PageTitle>{t('content.about_title')}</PageTitle>
      <Typography sx={{ mb: 3, maxWidth: 720 }}>
        {t('content.about_text')}
      </Typography>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('content.ceo')}
      </Typography>
      <People kind="ceo" large />
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        {t('content.team')}
      </Typography>
      <People kind="about_team" />
    </Box>
  );
}
