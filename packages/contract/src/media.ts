import { z } from './zod.ts';

export const MEDIA_STATES = ['none', 'queued', 'processing', 'ready', 'failed'] as const;
export type MediaState = (typeof MEDIA_STATES)[number];

/** One rung of the HLS ladder; the data-saver rung costs at most 65 MB per hour of video. */
export const renditionSchema = z.object({
  name: z.string().describe('240p, 360p, ...'),
  height: z.number().int(),
  bandwidth: z.number().int().describe('Average bits per second, measured from the files'),
  data_saver: z.boolean(),
});
export type Rendition = z.infer<typeof renditionSchema>;

/**
 * What an owner (or staff) gets with a video: signed addresses that work for a few hours, for this
 * user only (CONTRACT §5). Never present for anyone else.
 */
export const ownedMediaSchema = z
  .object({
    state: z.enum(MEDIA_STATES),
    /** 0 to 100 while the video is being prepared. */
    progress: z.number().int(),
    /** The HLS master playlist (signed). */
    stream: z.string().nullable(),
    /** The MP4 to keep (signed; answered as an attachment with its file name and size). */
    download: z.string().nullable(),
    download_name: z.string().nullable(),
    download_size: z.number().int().nullable(),
    duration: z.number().nullable().describe('Seconds'),
    /** WebVTT of seek-preview thumbnails (public). */
    thumbnails: z.string().nullable(),
    renditions: z.array(renditionSchema),
    /** Where this customer stopped watching, in seconds. */
    resume_at: z.number(),
  })
  .meta({ id: 'OwnedMedia' });
export type OwnedMedia = z.infer<typeof ownedMediaSchema>;

export const watchProgressInputSchema = z.object({
  position: z.number().min(0).max(24 * 3600).describe('Seconds from the start'),
});
export type WatchProgressInput = z.infer<typeof watchProgressInputSchema>;
