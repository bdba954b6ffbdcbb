import type { Video } from '@store/contract';
import { posterUrls } from '../media/images.ts';

/** A video row joined with its DJ and genre, as the repository reads it. */
export interface VideoRow {
  id: number;
  title: string;
  season: string | null;
  djName: string;
  genreTitle: string;
  cartegory: string;
  type: string;
  price: number;
  synopsis: string;
  posterKey: string | null;
  purchaseTimes: number;
  dateUploaded: Date;
  suggest: boolean;
  popular: boolean;
  /** Has a transcoded file: only then is it for sale (CONTRACT §8). */
  playable: boolean;
}

export interface AdditionalFileRow {
  id: number;
  videoId: number;
  name: string;
  size: number | null;
}

/**
 * The public shape of a video. Media addresses are never filled in here: only the media module,
 * after canAccess, hands out signed ones (CONTRACT §3, §5).
 */
export function toVideo(row: VideoRow, files: AdditionalFileRow[]): Video {
  const images = posterUrls(row.posterKey);
  return {
    vidId: row.id,
    title: row.title,
    season: row.season,
    dj: row.djName,
    genre: row.genreTitle,
    cartegory: row.cartegory,
    type: row.type,
    price: row.price,
    synopsis: row.synopsis,
    image: images.default,
    image_set: images.set,
    video: null,
    additional_files: files.map((f) => ({ id: f.id, name: f.name, file: null, size: f.size })),
    purchase_times: row.purchaseTimes,
    date_uploaded: row.dateUploaded.toISOString(),
    suggest: row.suggest,
    popular: row.popular,
    for_sale: row.playable,
  };
}
