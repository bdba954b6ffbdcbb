/** A video's extra files and where each customer stopped watching (modules/media; extras are uploaded through modules/admin). */
import { index, integer, pgTable, primaryKey, real, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { videos } from './catalog.ts';

/** Extras that come with a video: subtitles, bonus clips, guides' attachments. */
export const videoFiles = pgTable(
  'video_files',
  {
    id: serial('id').primaryKey(),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    path: text('path').notNull(),
    size: integer('size'),
  },
  (t) => [index('video_files_video_idx').on(t.videoId)],
);

/** Where a customer stopped watching, so the player resumes there on any device. */
export const watchProgress = pgTable(
  'watch_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    positionSeconds: real('position_seconds').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] })],
);
