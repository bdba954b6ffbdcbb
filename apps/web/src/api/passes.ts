import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerPass, PassProduct, PassRenewal, Video } from '@store/contract';
import { apiGet } from '../lib/api-client.ts';
import { authRequest } from '../lib/auth.ts';

/** A list answered bare or as a page: the rows either way. */
const rows = <T,>(answer: T[] | { results: T[] }): T[] => (Array.isArray(answer) ? answer : answer.results);

/** GET /api/passes/: the passes on sale, each with how many videos it covers (CONTRACT §14). */
export function usePassProducts(enabled = true) {
  return useQuery({
    queryKey: ['passes', 'products'],
    queryFn: async ({ signal }) => rows(await apiGet<PassProduct[] | { results: PassProduct[] }>('/passes/', undefined, signal)),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/passes/?video_id=: the passes on sale that cover one video, matched by the server (the offer on its page). */
export function usePassesCovering(videoId: number, enabled = true) {
  return useQuery({
    queryKey: ['passes', 'products', { video: videoId }],
    queryFn: async ({ signal }) => rows(await apiGet<PassProduct[] | { results: PassProduct[] }>('/passes/', { video_id: videoId }, signal)),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/passes/mine/: the customer's passes, live or ended, with their renewal. */
export function useMyPasses(enabled = true) {
  return useQuery({
    queryKey: ['passes', 'mine'],
    queryFn: async () => rows(await authRequest<CustomerPass[] | { results: CustomerPass[] }>('GET', '/passes/mine/')),
    enabled,
    staleTime: 0,
  });
}

/** PUT /api/passes/mine/{id}/renewal: off, a prompt on the last day, or an M-Pesa Ratiba standing order; then read again. */
export function useSetPassRenewal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, renewal }: { id: number; renewal: PassRenewal }) => authRequest<CustomerPass>('PUT', `/passes/mine/${id}/renewal`, { body: { renewal } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['passes', 'mine'] }),
  });
}

/** A live pass: the server's `live`, and its end still ahead on this clock. */
export const isLive = (p: Pick<CustomerPass, 'live' | 'ends_at'>, now = Date.now()) => p.live && Date.parse(p.ends_at) > now;

/**
 * The passes on sale that cover a video: the server's own list on the video when it sends one,
 * otherwise matched here: a DJ's or genre's by name (a video names them, not their ids), a category by itself.
 */
export function passesCovering(video: Pick<Video, 'dj' | 'genre' | 'cartegory'> & { passes?: PassProduct[] }, products: PassProduct[] | undefined): PassProduct[] {
  if (video.passes) return video.passes;
  const same = (a: string | null | undefined, b: string) => !!a && a.trim().toLowerCase() === b.trim().toLowerCase();
  return (products ?? []).filter(
    (p) =>
      p.active &&
      (p.scope.kind === 'all' || (p.scope.kind === 'dj' && same(p.scope.name, video.dj)) || (p.scope.kind === 'genre' && same(p.scope.name, video.genre)) || (p.scope.kind === 'category' && (same(String(p.scope.value ?? ''), video.cartegory) || same(p.scope.name, video.cartegory)))),
  );
}

/** The best offer for one video: the narrowest scope first (a DJ's day pass before a month of everything), then the cheapest. */
export function bestPassFor(video: Parameters<typeof passesCovering>[0], products: PassProduct[] | undefined): PassProduct | undefined {
  const narrow = (p: PassProduct) => (p.scope.kind === 'all' ? 1 : 0);
  return [...passesCovering(video, products)].sort((a, b) => narrow(a) - narrow(b) || a.price - b.price)[0];
}
