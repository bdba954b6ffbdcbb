import { formatKsh, type Gift, type GiftClaimPreview, type GiftClaimResult, type Language, type Page } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { HttpError } from '../../../lib/http-errors.ts';
import { pageWindow, toPage } from '../../../lib/pagination.ts';
import { posterUrls } from '../../media/index.ts';
import { ledger } from '../../wallet/index.ts';
import { passRepository } from '../passes/pass-repository.ts';
import { toCustomerPass } from '../passes/pass-seller.ts';
import { createGiftRepository, type GiftRow } from './gift-repository.ts';
import { customerAddress, queueMail } from '../../mail/index.ts';
import { guardedVideo, notifyCustomer, notifyGiftRecipient } from '../../notifications/index.ts';
import { GIFT_CLAIM_DAYS, giftClaimedMails, giftReturnedMails, maskedRecipient, newClaimToken, queueGiftNotice, tokenHash } from './gift-notice.ts';

const DAY_MS = 24 * 3600 * 1000;

/** A paid gift to record: the sale's reference and total, what it holds and for whom. */
export interface PaidGift {
  giverId: number;
  giverName: string;
  reference: string;
  amount: number;
  videoIds: number[];
  bundleId: number | null;
  /** A pass given (CONTRACT §14): no videos. */
  passId: number | null;
  title: string;
  toPhone: string | null;
  toEmail: string | null;
  message: string;
  language: Language;
}

/**
 * Gifts after they are paid (CONTRACT §11): the claim link told to the recipient, the claim page's
 * preview, the claim, the lists of gifts sent and received, and the return of unclaimed ones.
 */
export function createGiftService(deps: { db: Database; publicUrl: string; onCatalogChange: () => void }) {
  const { db } = deps;
  const repo = createGiftRepository();

  /** Gifts as their giver or recipient sees them; `on` is the caller's transaction when inside one. */
  async function views(rows: GiftRow[], viewerId: number, on: Database = db): Promise<Gift[]> {
    const vids = await repo.videos(on, [...new Set(rows.flatMap((g) => g.videoIds))]);
    const names = await repo.names(on, [...new Set(rows.map((g) => g.giverId))]);
    return rows.map((g) => {
      const first = vids.find((v) => g.videoIds.includes(v.id) && v.posterKey) ?? null;
      const sent = g.giverId === viewerId;
      return {
        id: g.id,
        direction: sent ? 'sent' : 'received',
        state: g.state,
        video_ids: g.videoIds,
        bundle_id: g.bundleId,
        pass_id: g.passId,
        title: g.title,
        image: posterUrls(first?.posterKey ?? null).default,
        from: names.get(g.giverId) ?? '',
        to: sent ? maskedRecipient(g) : null,
        message: g.message,
        amount: sent ? g.amount : null,
        created_at: g.createdAt.toISOString(),
        expires_at: g.expiresAt.toISOString(),
        claimed_at: g.claimedAt?.toISOString() ?? null,
        returned_at: g.returnedAt?.toISOString() ?? null,
      };
    });
  }

  /** The recipient's period of a pass given, at the product's hours (even if it is no longer on sale). */
  async function claimPass(tx: Database, userId: number, g: GiftRow, item: { lineId: number; amount: number }) {
    const p = await passRepository.product(tx, g.passId!);
    if (!p) throw new Error(`gift ${g.id}: no pass ${g.passId}`);
    const row = await passRepository.extend(tx, { userId, passId: p.id, hours: p.hours, reference: g.reference, saleLineId: item.lineId, amount: item.amount });
    return toCustomerPass(row, p);
  }

  /** The gift a token opens; unknown tokens are a plain 404 (nothing says whether a gift exists). */
  async function byToken(token: string): Promise<GiftRow> {
    const g = await repo.byTokenHash(db, tokenHash(token));
    if (!g) throw new HttpError(404, 'This gift link is not valid. Check it, or ask the sender to send it again.');
    return g;
  }

  return {
    repo,

    /**
     * Records a paid gift in the transaction that took its money, and queues its claim link to the
     * recipient there too. The token exists only in that message.
     */
    async record(tx: Database, p: PaidGift): Promise<GiftRow> {
      const token = newClaimToken();
      const gift = await repo.insert(tx, {
        giverId: p.giverId,
        tokenHash: tokenHash(token),
        toPhone: p.toPhone,
        toEmail: p.toEmail,
        message: p.message,
        bundleId: p.bundleId,
        passId: p.passId,
        videoIds: p.videoIds,
        title: p.title,
        amount: p.amount,
        reference: p.reference,
        expiresAt: new Date(Date.now() + GIFT_CLAIM_DAYS * DAY_MS),
      });
      await queueGiftNotice(tx, { toPhone: p.toPhone, toEmail: p.toEmail, language: p.language, notice: { giver: p.giverName, title: p.title, message: p.message, link: `${deps.publicUrl}/gift/${token}` } });
      // The recipient's account, if they have one here, hears of it in the store and by push too (CONTRACT §15).
      await notifyGiftRecipient(tx, { giftId: gift.id, giverId: p.giverId, toPhone: p.toPhone, toEmail: p.toEmail, videoIds: p.videoIds, params: { from: p.giverName, title: p.title } });
      return gift;
    },

    async view(gift: GiftRow, viewerId: number, on: Database = db): Promise<Gift> {
      return (await views([gift], viewerId, on))[0]!;
    },

    async list(url: string, userId: number, q: { page?: string | undefined; page_size?: number | undefined }): Promise<Page<Gift>> {
      const w = pageWindow(q.page, q.page_size, 20);
      const { rows, count } = await repo.listFor(db, userId, w.pageSize, w.offset);
      return toPage(url, w, count, await views(rows, userId));
    },

    /** What the claim page shows: the posters, titles, the giver's name and words; no prices, no recipient. */
    async preview(token: string): Promise<GiftClaimPreview> {
      const g = await byToken(token);
      const vids = await repo.videos(db, g.videoIds);
      const names = await repo.names(db, [g.giverId]);
      return {
        state: g.state,
        from: names.get(g.giverId) ?? '',
        message: g.message,
        title: g.title,
        expires_at: g.expiresAt.toISOString(),
        videos: g.videoIds.flatMap((id) => {
          const v = vids.find((x) => x.id === id);
          if (!v) return [];
          const p = posterUrls(v.posterKey);
          return [{ id: v.id, title: v.title, season: v.season, image: p.default, image_set: p.set }];
        }),
      };
    },

    /** The signed-in recipient claims: the videos they lack are theirs, the price of the rest goes to their balance. Once. */
    async claim(user: { id: number }, token: string): Promise<GiftClaimResult> {
      const found = await byToken(token);
      if (found.giverId === user.id) throw new HttpError(409, 'This is a gift you sent: the person you sent it to claims it.');
      const r = await db.transaction(async (t) => {
        const tx = t as unknown as Database;
        const claimed = await ledger.claimGift(tx, { giftId: found.id, recipientId: user.id });
        // A pass given: one period of it for the recipient, stacked on a live one of theirs, pointing
        // at the giver's line so its DJs are paid by what the recipient watches (CONTRACT §14).
        const pass = claimed.outcome === 'claimed' && claimed.gift.passId !== null && claimed.item ? await claimPass(tx, user.id, claimed.gift, claimed.item) : null;
        // The giver hears that it arrived, in their language, only if the claim commits.
        const g = claimed.outcome === 'gone' ? null : claimed.gift;
        const giver = g && (await customerAddress(tx, g.giverId));
        if (g && giver) await queueMail(tx, { to: giver.email, ...giftClaimedMails[giver.language ?? 'en']({ username: giver.username, title: g.title, to: maskedRecipient(g) ?? '' }) });
        if (g) await notifyCustomer(tx, { userId: g.giverId, kind: 'gift_claimed', params: { title: g.title }, url: '/account?section=gifts', dedupeKey: String(g.id), videoId: await guardedVideo(tx, g.videoIds) });
        return { ...claimed, pass };
      });
      if (r.outcome === 'gone') {
        const g = r.gift ?? found;
        if (g.state === 'claimed') throw new HttpError(409, 'This gift was already claimed.');
        throw new HttpError(409, 'This gift was not claimed in time and has gone back to the sender.');
      }
      deps.onCatalogChange();
      return { gift: await this.view(r.gift, user.id), video_ids: r.owned, credited: r.credited, balance: r.balance, ...(r.pass ? { pass: r.pass } : {}) };
    },

    /**
     * Gives unclaimed gifts past their time back to their givers (the return-gifts job), each told by
     * mail in their language in the same transaction; how many.
     */
    async returnDue(batch = 100): Promise<number> {
      let returned = 0;
      for (const id of await repo.due(db, batch)) {
        const r = await db.transaction(async (t) => {
          const tx = t as unknown as Database;
          const back = await ledger.returnGift(tx, id);
          if (!back) return null;
          const giver = await customerAddress(tx, back.gift.giverId);
          if (giver) await queueMail(tx, { to: giver.email, ...giftReturnedMails[giver.language ?? 'en']({ username: giver.username, title: back.gift.title, amount: formatKsh(back.gift.amount), balance: formatKsh(back.balance) }) });
          return back;
        });
        if (r) returned++;
      }
      return returned;
    },
  };
}
export type GiftService = ReturnType<typeof createGiftService>;
