import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useT } from '../../../lib/i18n.ts';
import './player-status.css';

/** Where the start of playing stands: on its way (or waiting for data), ready and not asked, playing, or given up. */
export type StartState = 'idle' | 'loading' | 'playing' | 'failed';

export interface Start {
  state: StartState;
  /** Whether the customer asked it to play (and has not paused since). */
  requested: boolean;
}

/** What the player tells us, as Vidstack's and the video element's events say it. */
export type StartEvent = 'can-play' | 'play-request' | 'playing' | 'waiting' | 'pause' | 'error' | 'retry';

/**
 * The next state: loading until the player can play (nothing to tap before that) and from a tap on
 * Play until the first frame, and again while it waits for data; given up on an error, until the
 * customer tries again.
 */
export function nextStart(start: Start, event: StartEvent): Start {
  if (event === 'retry') return { state: 'loading', requested: true };
  if (event === 'error') return { ...start, state: 'failed' };
  if (start.state === 'failed' && event !== 'playing') return start;
  switch (event) {
    case 'can-play':
      return start.state === 'loading' && !start.requested ? { ...start, state: 'idle' } : start;
    case 'play-request':
      return { state: start.state === 'playing' ? 'playing' : 'loading', requested: true };
    case 'playing':
      return { state: 'playing', requested: true };
    case 'waiting':
      return start.requested ? { ...start, state: 'loading' } : start;
    case 'pause':
      return { state: 'idle', requested: false };
  }
}

const overlaySx = {
  position: 'absolute',
  inset: 0,
  // Above Vidstack's controls (their groups go up to 50): the spinner over the big Play/Pause, not under it.
  zIndex: 60,
  display: 'grid',
  placeItems: 'center',
  textAlign: 'center',
  color: '#fff',
  p: 2,
} as const;

/**
 * Over the picture, from the tap on Play until the first frame (and while it waits for more): a
 * spinner and the words, read out by screen readers, so a slow network never looks like a dead
 * player; when the video cannot load, a sentence saying so and a button to try again.
 */
export function PlayerStatus({ state, onRetry }: { state: StartState; onRetry: () => void }) {
  const t = useT();
  if (state === 'loading') {
    return (
      <Box sx={{ ...overlaySx, pointerEvents: 'none' }}>
        <Box role="status" sx={{ display: 'grid', justifyItems: 'center', gap: 1, bgcolor: 'rgba(0, 0, 0, 0.88)', borderRadius: 2, px: 3, py: 2 }}>
          <CircularProgress aria-label={t('player.start.loading')} sx={{ color: '#fff' }} />
          <Typography variant="body2">{t('player.start.loading')}</Typography>
        </Box>
      </Box>
    );
  }
  if (state === 'failed') {
    return (
      <Box sx={{ ...overlaySx, bgcolor: 'rgba(0, 0, 0, 0.85)' }}>
        <Box sx={{ maxWidth: 360, display: 'grid', justifyItems: 'center', gap: 1.5 }}>
          <Typography role="alert" variant="body2">
            {t('player.start.failed')}
          </Typography>
          <Button variant="contained" onClick={onRetry}>
            {t('player.start.retry')}
          </Button>
        </Box>
      </Box>
    );
  }
  return null;
}
