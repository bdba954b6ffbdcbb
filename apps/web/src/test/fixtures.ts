import type { Video } from '@store/contract';

export function makeVideo(id: number, over: Partial<Video> = {}): Video {
  return {
    vidId: id,
    title: `Video ${id}`,
    season: null,
    dj: 'Zamu',
    genre: 'Action',
    cartegory: 'movie',
    type: 'dj_zamu',
    price: 50 + id,
    synopsis: `Synopsis of video ${id}`,
    synopsis_sw: null,
    image: `/media/posters/k${id}-480.webp`,
    image_set: [160, 320, 480].map((width) => ({ width, url: `/media/posters/k${id}-${width}.webp` })),
    video: null,
    additional_files: [],
    purchase_times: id,
    date_uploaded: new Date(Date.UTC(2026, 0, id)).toISOString(),
    suggest: false,
    popular: false,
    rating: 'GE',
    for_sale: true,
    duration: null,
    download_size: null,
    data_saver_size: null,
    preview: null,
    ...over,
  };
}

export const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
