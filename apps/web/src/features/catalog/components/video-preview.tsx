import { useEffect, useRef, useState } from 'react';
import { groupDigits, type Video } from '@store/contract';
import { useT } from '../../../lib/i18n.ts';
import './video-preview.css';

type Translate = ReturnType<typeof useT>;

/** Bytes as MB the way a phone's data bundle counts them: one decimal under 10 MB, never 0. */
export const megabytes = (bytes: number) => {
  const mb = bytes / 1e6;
  return groupDigits(Math.max(0.1, mb), mb < 10 ? 1 : 0);
};

/** A video's length as people say it: "1 h 32 min", "45 min", "42 s". */
export function formatLength(t: Translate, seconds: number): string {
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  if (h > 0) return t('catalog.length_hm', { h, m });
  if (m > 0) return t('catalog.length_m', { m });
  return t('catalog.length_s', { s: whole });
}

/** The preview's share of the data-saver size: it is the first minute of that rung. */
const previewBytes = (v: Video) => (v.data_saver_size !== null && v.duration ? (v.data_saver_size * Math.min(60, v.duration)) / v.duration : null);

/**
 * The public first minute in a plain <video>: hls.js (light) is fetched only when Preview is
 * tapped, and a browser that plays HLS itself (Safari, some Android) gets the playlist directly.
 */
function PreviewPlayer({ video, onClose }: { video: Video & { preview: string }; onClose: () => void }) {
  const t = useT();
  const element = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const el = element.current;
    if (!el) return;
    let stop = () => undefined as void;
    let cancelled = false;
    void import('hls.js/light')
      .then(({ default: Hls }) => {
        if (cancelled) return;
        if (Hls.isSupported()) {
          // The preview is one rung: no need to measure bandwidth before starting.
          const hls = new Hls({ capLevelToPlayerSize: false, maxBufferLength: 20 });
          hls.on(Hls.Events.ERROR, (_e, data) => {
            if (data.fatal) setFailed(true);
          });
          hls.loadSource(video.preview);
          hls.attachMedia(el);
          stop = () => hls.destroy();
        } else if (el.canPlayType('application/vnd.apple.mpegurl')) el.src = video.preview;
        else setFailed(true);
        void el.play().catch(() => undefined);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      stop();
    };
  }, [video.preview]);
  return (
    <div className="preview-box">
      <video ref={element} className="preview-video" controls playsInline poster={video.image ?? undefined} aria-label={t('catalog.preview_player', { title: video.title })} onError={() => setFailed(true)} />
      {failed && (
        <p className="preview-failed" role="alert">
          {t('catalog.preview_failed')}
        </p>
      )}
      <button type="button" className="btn btn-text preview-close" onClick={onClose}>
        {t('catalog.preview_close')}
      </button>
    </div>
  );
}

/**
 * Try before you buy (CONTRACT §11): the length and what the video costs in data, then a Preview
 * that plays the first minute for anyone, signed in or not, before any money changes hands.
 */
export function VideoPreview({ video }: { video: Video }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  if (video.duration === null) return null;
  const preview = video.preview;
  const bytes = previewBytes(video);
  return (
    <section className="video-facts" aria-label={t('catalog.facts_label')}>
      <ul className="video-facts-list">
        <li>{t('catalog.length', { length: formatLength(t, video.duration) })}</li>
        {video.data_saver_size !== null && <li>{t('catalog.size_saver', { mb: megabytes(video.data_saver_size) })}</li>}
        {video.download_size !== null && <li>{t('catalog.size_download', { mb: megabytes(video.download_size) })}</li>}
      </ul>
      {preview &&
        (open ? (
          <PreviewPlayer video={{ ...video, preview }} onClose={() => setOpen(false)} />
        ) : (
          <div className="preview-offer">
            <button type="button" className="btn btn-outlined preview-button" onClick={() => setOpen(true)}>
              <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
                <path fill="currentColor" d="M8 5v14l11-7z" />
              </svg>
              {t('catalog.preview')}
            </button>
            {bytes !== null && <span className="preview-hint">{t('catalog.preview_hint', { mb: megabytes(bytes) })}</span>}
          </div>
        ))}
    </section>
  );
}
