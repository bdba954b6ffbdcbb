import Chip from '@mui/material/Chip';
import type { AdminVideo } from '@store/contract';

/** Where a video's media stands, in a word or two. */
export function mediaLabel(v: Pick<AdminVideo, 'playable' | 'job'>): { label: string; color: 'success' | 'info' | 'error' | 'warning' } {
  const job = v.job;
  if (job?.state === 'running') return { label: `Transcoding ${job.progress}%`, color: 'info' };
  if (job?.state === 'queued') return { label: job.attempts > 0 ? 'Waiting to retry' : 'Queued', color: 'info' };
  if (job?.state === 'failed') return { label: 'Transcoding failed', color: 'error' };
  if (v.playable) return { label: 'Ready', color: 'success' };
  return { label: 'No video yet', color: 'warning' };
}

export function JobChip({ video }: { video: Pick<AdminVideo, 'playable' | 'job'> }) {
  const { label, color } = mediaLabel(video);
  return <Chip size="small" label={label} color={color} />;
}
