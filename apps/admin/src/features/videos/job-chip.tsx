import Chip from '@mui/material/Chip';
import type { AdminVideo } from '@store/contract';
import type { Word } from './words.ts';
import { useWords } from './words.ts';

type Say = (id: Word, values?: Record<string, unknown>) => string;

/** Where a video's media stands, in a word or two, in the back office's language (`t` of useWords). */
export function mediaLabel(v: Pick<AdminVideo, 'playable' | 'job'>, t: Say): { label: string; color: 'success' | 'info' | 'error' | 'warning' } {
  const job = v.job;
  if (job?.state === 'running') return { label: t('media.transcoding', { progress: job.progress }), color: 'info' };
  if (job?.state === 'queued') return { label: job.attempts > 0 ? t('media.waiting_retry') : t('media.queued'), color: 'info' };
  if (job?.state === 'failed') return { label: t('media.failed'), color: 'error' };
  if (v.playable) return { label: t('media.ready'), color: 'success' };
  return { label: t('media.no_video'), color: 'warning' };
}

export function JobChip({ video }: { video: Pick<AdminVideo, 'playable' | 'job'> }) {
  const { label, color } = mediaLabel(video, useWords());
  return <Chip size="small" label={label} color={color} />;
}
