import type { Bundle, VideoBundle } from '@store/contract';
import { posterUrls } from '../../media/index.ts';
import type { BundleRow } from './bundle-repository.ts';
import { bundleLines } from './pricing.ts';

/** A bundle as the API shows it; with the customer's owned videos (and rent credits), also what it costs them. */
export function toBundle(b: BundleRow, owned?: readonly number[], credits: ReadonlyMap<number, number> = new Map()): Bundle {
  const poster = posterUrls(b.videos.find((v) => v.posterKey)?.posterKey ?? null);
  const out: Bundle = {
    id: b.id,
    title: b.title,
    description: b.description,
    image: poster.default,
    image_set: poster.set,
    kind: b.kind,
    video_ids: b.videos.map((v) => v.id),
    videos: b.videos.map((v) => ({ id: v.id, title: v.title, season: v.season, price: v.price, image: posterUrls(v.posterKey).default })),
    price: b.price,
    list_total: b.listTotal,
  };
  if (!owned) return out;
  const mine = b.videos.filter((v) => owned.includes(v.id)).map((v) => v.id);
  const priceForYou = bundleLines(b, new Set(owned), credits).reduce((s, l) => s + l.amount, 0);
  return { ...out, owned_video_ids: mine, price_for_you: priceForYou };
}

/** How a video names a bundle it is part of. */
export const toVideoBundle = (b: BundleRow): VideoBundle => ({ id: b.id, title: b.title, price: b.price });
