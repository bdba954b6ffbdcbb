import type { Rating, Video } from '@store/contract';
import { posterUrls } from '../media/index.ts';
import { previewAddress } from '../media/index.ts';

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
  /** Null: not translated (migration 0039). */
  synopsisSw: string | null;
  posterKey: string | null;
  purchaseTimes: number;
  dateUploaded: Date;
  suggest: boolean;
  popular: boolean;
  /** Has a transcoded file: only then is it for sale (CONTRACT §8). */
  playable: boolean;
  /** KFCB rating (migration 0021): the check constraint keeps it one of GE, PG, 16, 18. */
  rating: string;
  /** From media_info: seconds, the download's bytes, the data-saver rung's bits per second. */
  duration: number | null;
  downloadSize: number | null;
  saverBandwidth: number | null;
  /** The public first minute's folder (migration 0020). */
  previewPath: string | null;
  /** Rentals (migration 0017): whole Ksh to rent it or null, and the hours a rental runs. */
  rentPrice: number | null;
  rentalHours: number;
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
    synopsis_sw: row.synopsisSw,
    image: images.default,
    image_set: images.set,
    video: null,
    additional_files: files.map((f) => ({ id: f.id, name: f.name, file: null, size: f.size })),
    purchase_times: row.purchaseTimes,
    date_uploaded: row.dateUploaded.toISOString(),
    suggest: row.suggest,
    popular: row.popular,
    rating: row.rating as Rating,
    for_sale: row.playable,
    duration: row.playable ? row.duration : null,
    download_size: row.playable && row.downloadSize !== null ? Math.round(row.downloadSize) : null,
    data_saver_size: row.playable && row.duration !== null && row.saverBandwidth !== null ? Math.round((row.duration * row.saverBandwidth) / 8) : null,
    // Public, unsigned and the same for everyone: the list's cached answers stay shareable.
    preview: row.playable && row.previewPath ? previewAddress(row.previewPath) : null,
    // Only what plays can be rented, as only what plays can be bought.
    rent_price: row.playable ? row.rentPrice : null,
    rental_hours: row.rentalHours,
  };
}
