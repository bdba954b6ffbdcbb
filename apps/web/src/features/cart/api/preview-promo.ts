import { useMutation } from '@tanstack/react-query';
import type { PromoCodePreview } from '@store/contract';
import { apiGet, type QueryParams } from '../../../lib/api-client.ts';
import { authRequest } from '../../../lib/auth.ts';
import { isSignedIn } from '../../../lib/session.ts';

/** What a code is tried against: videos (a purchase or a gift of them), a rental, a bundle or a pass. */
export type PromoTarget =
  | { videoIds: number[]; rental?: boolean; bundleId?: undefined; passId?: undefined }
  | { bundleId: number; videoIds?: undefined; rental?: undefined; passId?: undefined }
  | { passId: number; videoIds?: undefined; rental?: undefined; bundleId?: undefined };

const params = (target: PromoTarget, gift: boolean): QueryParams => ({
  ...(target.bundleId !== undefined ? { bundle_id: target.bundleId } : target.passId !== undefined ? { pass_id: target.passId } : { video_ids: target.videoIds.join(',') }),
  ...(target.rental ? { rental: 1 } : {}),
  ...(gift ? { gift: 1 } : {}),
});

/**
 * GET /api/promo-codes/{code}/ (CONTRACT §11): the new total before paying, or the server's one
 * sentence why the code does not apply (an ApiError's message). Asked as the customer when signed
 * in: "already used by you" and "first purchase only" are theirs.
 */
export function usePromoPreview() {
  return useMutation({
    mutationFn: ({ code, target, gift }: { code: string; target: PromoTarget; gift: boolean }) => {
      const path = `/promo-codes/${encodeURIComponent(code.trim())}/`;
      return isSignedIn() ? authRequest<PromoCodePreview>('GET', path, { params: params(target, gift) }) : apiGet<PromoCodePreview>(path, params(target, gift));
    },
  });
}
