import { Link } from 'react-router';
import { useVideos } from '../../api/get-videos.ts';
import { videoHref } from '../../components/use-video-href.ts';
import { useT } from '../../lib/i18n.ts';

/** The neutral strip: the 7 newest titles (seed §2); classes in shell.css. */
export function NewestStrip() {
  const t = useT();
  const { data } = useVideos({ page_size: 7, ordering: '-date_uploaded' });
  return (
    <aside aria-label={t('newest.label')} className="newest-strip">
      <span className="newest-badge">{t('newest.badge')}</span>
      {(data?.results ?? []).map((v) => (
        <Link key={v.vidId} to={videoHref(v)} className="newest-link">
          {v.title}
        </Link>
      ))}
    </aside>
  );
}
