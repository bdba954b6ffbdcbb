import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Link } from 'react-router';
import { type CheckoutPayment, type Deposit, isAdultRating, type LoginResponse, type PromoCodePreview, quickSignupInputSchema } from '@store/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { showServerErrors } from '../../../lib/forms.ts';
import { formatKsh, localPhone } from '../../../lib/format.ts';
import { isSignedIn, rememberedPhone, rememberPhone } from '../../../lib/session.ts';
import { useInfo } from '../../../api/get-info.ts';
import { useFamilyLockState } from '../../../api/family-lock.ts';
import { startSession, useQuickSignup } from '../../../api/session.ts';
import { localCart } from '../../../lib/local-cart.ts';
import { useBuy, type Paying, type PayAnswer } from '../api/order-calls.ts';
import { useBuyBundle } from '../api/buy-bundle.ts';
import { useBuyPass } from '../api/buy-pass.ts';
import { useRent } from '../api/rent-video.ts';
import { useSendGift } from '../api/send-gift.ts';
import { GiftFields, giftRecipientSchema, type GiftValues } from './gift-fields.tsx';
import { PromoField } from './promo-field.tsx';
import { CheckEmail } from './check-email.tsx';
import { CheckoutFields } from './checkout-fields.tsx';
import { MpesaProgress } from './mpesa-progress.tsx';
import { useT } from '../../../lib/i18n.ts';
import { minutesToWait } from '../../../lib/mpesa-outcome.ts';
import { isUnavailable } from '../../../lib/retry-policy.ts';
import { BusyRetry } from './busy-retry.tsx';
import { rememberLockState } from '../../../lib/family-lock.ts';
import { FamilyLockNote } from '../../../components/family-lock-note.tsx';
import { passLength } from '../../../components/pass-words.ts';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';

export interface BoughtItem {
  video_id: number;
  price: number;
  video_name?: string;
  season?: string | null;
  image_url?: string | null;
  /** KFCB rating (CONTRACT §13): a 16 or 18 video asks "I am 18 or older" before paying. */
  rating?: string;
}

/** What is paid for: videos (a purchase, the default), a rental of one video, a bundle's unowned part, or a pass (CONTRACT §14). */
export type Order =
  | { kind: 'videos' }
  | { kind: 'rental'; hours: number }
  | { kind: 'bundle'; bundleId: number; title: string; total: number }
  | { kind: 'pass'; passId: number; title: string; total: number; hours: number };

/** What the success screen shows (routes/purchase-done.tsx). */
export interface PurchaseDone {
  items: BoughtItem[];
  total: number;
  receipt: string | null;
  balance: number | null;
  /** A purchase when absent. */
  kind?: 'purchase' | 'rental' | 'bundle' | 'gift' | 'pass';
  /** A rental's hours once started; a pass's hours. */
  hours?: number;
  /** A pass bought with no video in view: where its videos are. */
  browse?: string;
}

interface BuyDialogProps {
  open: boolean;
  onClose: () => void;
  items: BoughtItem[];
  /** Where a visitor who already has an account logs in and comes back to (the purchase reopens there). */
  returnTo: string;
  onBought: (done: PurchaseDone) => void;
  order?: Order;
  /** Paid for someone else: their phone or e-mail and a message are asked. */
  gift?: boolean;
  /** A code already applied (in the cart). */
  promo?: PromoCodePreview | null;
}

type CheckoutValues = { email: string; phone_number: string } & GiftValues;
type CheckoutSchema = z.ZodType<unknown, Partial<Record<keyof CheckoutValues, string | number>>>;
const phoneOnly = quickSignupInputSchema.pick({ phone_number: true });
const nothingToAsk = z.object({});
const VIDEOS: Order = { kind: 'videos' };

/**
 * Buying in a few taps (issue 13, CONTRACT §8): from the balance when it covers the total; otherwise
 * one M-Pesa prompt for the shortfall, the phone remembered. A visitor gives only the M-Pesa phone:
 * the paying phone names the account (or makes one) and this browser is signed in when M-Pesa says
 * paid (CONTRACT §16). A visitor's gift still goes by a mailed sign-in link (issue 24 item 13).
 * Then the success screen.
 */
export function BuyDialog({ open, onClose, items, returnTo, onBought, order = VIDEOS, gift = false, promo: promoGiven = null }: BuyDialogProps) {
  const t = useT();
  const client = useQueryClient();
  const signedIn = isSignedIn();
  // A visitor buys for themselves with the phone alone; a gift's giver signs in by a mailed link first.
  const phoneOnlyVisitor = !signedIn && !gift;
  const info = useInfo(signedIn);
  const buy = useBuy();
  const rent = useRent();
  const bundleBuy = useBuyBundle();
  const giftSend = useSendGift();
  const passBuy = useBuyPass();
  const payments = [buy, rent, bundleBuy, giftSend, passBuy];
  const signup = useQuickSignup();
  const [promo, setPromo] = useState<PromoCodePreview | null>(promoGiven);
  // One key per attempt: tapping again after a lost answer is the same purchase, never a second.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [payment, setPayment] = useState<CheckoutPayment | null>(null);
  const [mailedTo, setMailedTo] = useState<string | null>(null);
  // A 16 or 18 video: the server asks once per account whether the customer is 18 or older (CONTRACT §13).
  // Asked in the dialog before the first Pay when a video is rated 16 or 18 and the account has not said
  // so yet (a visitor has no account yet); the server's 403 still asks whatever the page believed.
  const adultVideo = items.some((i) => i.rating !== undefined && isAdultRating(i.rating));
  const lockState = useFamilyLockState(signedIn && adultVideo);
  const [refusedForAge, setRefusedForAge] = useState(false);
  const ageAsked = refusedForAge || (adultVideo && (!signedIn || lockState.data?.age_confirmed === false));
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const listTotal = order.kind === 'bundle' || order.kind === 'pass' ? order.total : items.reduce((s, i) => s + i.price, 0);
  // A code brings the total down, to 0 at most: then nothing is asked of M-Pesa (CONTRACT §11).
  const total = promo ? promo.total_after : listTotal;
  const videoIds = items.map((i) => i.video_id);
  const balance = signedIn ? info.data?.user.profile.account : 0;
  const shortfall = balance === undefined ? 0 : Math.max(0, total - balance);
  // The fields this checkout needs, checked by the sign-up's own schema: an e-mail for a new customer, the phone when M-Pesa pays.
  const schema = useRef<CheckoutSchema>(quickSignupInputSchema);
  schema.current = phoneOnlyVisitor ? phoneOnly : !signedIn ? quickSignupInputSchema : shortfall > 0 ? phoneOnly : nothingToAsk;
  // The schema in force when the customer taps Pay (the balance may have loaded since the dialog opened),
  // and a gift's recipient and message beside it.
  const resolver: Resolver<CheckoutValues> = async (values, context, options) => {
    const payer = await zodResolver(schema.current)(values, context, options as never);
    // A visitor signs in first (the link brings the gift back): whom it is for is asked then.
    if (!gift || !signedIn) return payer as Awaited<ReturnType<Resolver<CheckoutValues>>>;
    const recipient = await zodResolver(giftRecipientSchema(values.gift_to))(values, context, options as never);
    const errors = { ...payer.errors, ...recipient.errors };
    return (Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} }) as Awaited<ReturnType<Resolver<CheckoutValues>>>;
  };
  const form = useForm<CheckoutValues>({ resolver, defaultValues: { email: '', phone_number: rememberedPhone() ?? '', gift_to: 'phone', to_phone: '', to_email: '', message: '' } });
  const profilePhone = localPhone(info.data?.user.profile.phone_number);
  useEffect(() => {
    if (profilePhone && !form.getValues('phone_number')) form.setValue('phone_number', profilePhone);
  }, [profilePhone, form]);
  const busy = signup.isPending || payments.some((m) => m.isPending);
  const fieldNames = Object.keys(form.getValues());
  // Field errors show under their fields; one about anything else (a code no longer valid: `promo_code`) shows here.
  const aside = (e: unknown) => (e instanceof ApiError ? Object.entries(e.fieldErrors).find(([name]) => !fieldNames.includes(name))?.[1][0] : undefined);
  const failure = [signup.error, ...payments.map((m) => m.error)].find((e) => e && (!(e instanceof ApiError && Object.keys(e.fieldErrors).length > 0) || aside(e)));

  const kind = gift ? 'gift' : order.kind === 'videos' ? 'purchase' : order.kind;
  const done = (receipt: string | null, newBalance: number | null) => onBought({ items, total, receipt, balance: newBalance, kind, ...(order.kind === 'rental' || order.kind === 'pass' ? { hours: order.hours } : {}) });
  // One request, whatever is paid for: the same three outcomes (CONTRACT §11).
  const send = async (paying: Paying): Promise<PayAnswer> => {
    if (gift) {
      const { gift_to, to_phone, to_email, message } = form.getValues();
      const what = order.kind === 'bundle' ? { bundle_id: order.bundleId } : order.kind === 'pass' ? { pass_id: order.passId } : { video_ids: videoIds };
      return giftSend.mutateAsync({ ...paying, gift: { ...what, ...(gift_to === 'email' ? { to_email } : { to_phone }), message } });
    }
    if (order.kind === 'rental') return rent.mutateAsync({ ...paying, videoId: videoIds[0]! });
    if (order.kind === 'bundle') return bundleBuy.mutateAsync({ ...paying, bundleId: order.bundleId, videoIds });
    if (order.kind === 'pass') return passBuy.mutateAsync({ ...paying, passId: order.passId });
    const answer = await buy.mutateAsync({ ...paying, videoIds });
    return answer.kind === 'bought' ? { kind: 'paid', balance: answer.result.balance } : answer;
  };
  // A visitor carries on through a link mailed to the address, whether or not it has an account
  // (the answer is the same either way): signed in by it, back here with the purchase open.
  const mailSignInLink = async (email: string, phone: string) => {
    // A cart's videos ride with the link (it may open in another browser); a video's page reopens its own purchase.
    await signup.mutateAsync({ email, phone_number: phone, next: returnTo, video_ids: returnTo.startsWith('/cart') ? videoIds : [] });
    rememberPhone(phone);
    setMailedTo(email.trim());
  };
  const pay = async (attempt: string, signUp: boolean) => {
    const { email, phone_number: phone } = form.getValues();
    try {
      if (signUp) return await mailSignInLink(email, phone);
      const answer = await send({ key: attempt, phone: shortfall > 0 || phoneOnlyVisitor ? phone : undefined, promoCode: promo?.code, ageConfirmed });
      if (answer.kind === 'paid') done(null, answer.balance);
      else setPayment(answer.payment);
    } catch (err) {
      const refusal = err instanceof ApiError && err.status === 403 ? (err.body as { age_confirmation_required?: boolean; family_lock?: boolean } | null) : null;
      if (refusal?.age_confirmation_required) setRefusedForAge(true);
      // The lock was turned on elsewhere: this phone asks for the PIN from now on.
      if (refusal?.family_lock) rememberLockState(true);
      // M-Pesa refused to send the prompt (502, CONTRACT §3): that key's answer stays this refusal for
      // good, so the next tap is a new attempt with a new key.
      if (err instanceof ApiError && err.status === 502) setKey(crypto.randomUUID());
      showServerErrors(form, err);
    }
  };
  const submit = form.handleSubmit(() => pay(key, !signedIn && !phoneOnlyVisitor));
  const retry = () => {
    setPayment(null);
    setKey(crypto.randomUUID());
    payments.forEach((m) => m.reset());
    void info.refetch();
  };
  // The same checkout as a new attempt (a new key: the last prompt has ended), to the same phone.
  const sendAgain = () => {
    const attempt = crypto.randomUUID();
    setPayment(null);
    setKey(attempt);
    payments.forEach((m) => m.reset());
    void pay(attempt, false);
  };
  // M-Pesa said paid: a visitor's first answer carries the login of the account the paying phone named.
  const paid = async (d: Deposit & { login?: LoginResponse }) => {
    if (d.login) {
      // Bought now, so not "already owned" when the browser's cart joins the account's.
      localCart.remove(videoIds);
      await startSession(client, d.login).catch(() => undefined);
    }
    done(d.receipt, d.balance);
  };
  // Too many prompts to this phone: when it can have another (a top-up would need a prompt too).
  const waitMinutes = failure instanceof ApiError && failure.status === 429 ? minutesToWait(failure.retryAfter ?? 600) : null;

  const label = phoneOnlyVisitor ? t('cart.pay_with_mpesa', { amount: formatKsh(total) }) : !signedIn ? t('cart.continue_by_email') : shortfall > 0 ? t('cart.pay_with_mpesa', { amount: formatKsh(shortfall) }) : t('cart.pay', { amount: formatKsh(total) });
  const title = gift ? t('cart.gift.title') : order.kind === 'rental' ? t('cart.rent.confirm') : order.kind === 'pass' ? t('cart.pass.confirm') : t('cart.confirm_purchase');
  const summary =
    order.kind === 'rental'
      ? t('cart.rent.summary', { hours: order.hours })
      : order.kind === 'bundle'
        ? `${order.title} ·`
        : order.kind === 'pass'
          ? `${order.title} · ${passLength(t, order.hours)} ·`
          : t('cart.summary', { count: items.length });
  const promoTarget = order.kind === 'bundle' ? { bundleId: order.bundleId } : order.kind === 'pass' ? { passId: order.passId } : { videoIds, rental: order.kind === 'rental' };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="buy-title" fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label={t('cart.buy')}>
        <DialogTitle id="buy-title">{title}</DialogTitle>
        <DialogContent>
          <Typography>
            {summary}{' '}
            {promo && promo.total_after !== listTotal && (
              <>
                <s>{formatKsh(listTotal)}</s>{' '}
              </>
            )}
            <strong>{formatKsh(total)}</strong>
          </Typography>
          {order.kind === 'rental' && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {t('cart.rent.clock', { hours: order.hours })}
            </Typography>
          )}
          {signedIn && <Typography sx={{ color: 'text.secondary' }}>{t('cart.your_balance', { balance: balance === undefined ? '…' : formatKsh(balance) })}</Typography>}
          {mailedTo ? (
            <CheckEmail email={mailedTo} />
          ) : payment ? (
            <MpesaProgress payment={payment} onRetry={retry} onSendAgain={sendAgain} onBought={(d: Deposit) => void paid(d)} />
          ) : (
            <>
              {signedIn && shortfall > 0 && balance !== undefined && (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {balance > 0 ? t('cart.balance_pays_part', { balance: formatKsh(balance), shortfall: formatKsh(shortfall) }) : t('cart.one_prompt', { amount: formatKsh(shortfall) })}
                </Typography>
              )}
              {!signedIn && (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {phoneOnlyVisitor ? t('cart.pay_by_phone') : t('cart.new_here')}
                </Typography>
              )}
              {ageAsked && (
                <FormControlLabel sx={{ mt: 1 }} control={<Checkbox checked={ageConfirmed} onChange={(e) => setAgeConfirmed(e.target.checked)} />} label={t('cart.age_confirm')} />
              )}
              <FamilyLockNote rating={failure instanceof ApiError && failure.status === 403 && (failure.body as { family_lock?: boolean } | null)?.family_lock ? '18' : 'GE'} onUnlocked={() => void pay(key, false)} />
              {gift && signedIn && <GiftFields form={form} />}
              {signedIn && <PromoField target={promoTarget} gift={gift} applied={promo} onChange={setPromo} />}
              <CheckoutFields askEmail={!signedIn && !phoneOnlyVisitor} askPhone={!signedIn || shortfall > 0} form={form} />
              {busy && <LinearProgress sx={{ mt: 2 }} aria-label={t('cart.sending')} />}
              {isUnavailable(failure) ? (
                <BusyRetry key={failure.retryAfter ?? 5} seconds={failure.retryAfter ?? 5} onRetry={() => void submit()} />
              ) : failure && (
                <Alert severity="error" sx={{ mt: 1.5 }}>
                  {waitMinutes !== null ? t('cart.prompt_limit', { minutes: waitMinutes }) : failure instanceof ApiError ? (aside(failure) ?? failure.message) : t('cart.connection_error')}
                </Alert>
              )}
              {(form.formState.errors.email || !signedIn) && (
                <Typography variant="body2" sx={{ mt: 1.5 }}>
                  {t('cart.already_customer')}{' '}
                  <Link to={`/account/authenticate?next=${encodeURIComponent(returnTo)}`} style={{ color: 'inherit' }}>
                    {t('cart.log_in')}
                  </Link>
                </Typography>
              )}
              {signedIn && shortfall > 0 && waitMinutes === null && (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  <Link to={`/deposit?amount=${shortfall}&next=${encodeURIComponent(returnTo)}`} style={{ color: 'inherit' }}>
                    {t('cart.top_up_instead')}
                  </Link>
                </Typography>
              )}
            </>
          )}
        </DialogContent>
        {/* The pay button on one line ("M-Pesa" never cut at its hyphen); where it does not fit beside
            Cancel (a small phone, longer Kiswahili words) it takes the whole width above it. */}
        <DialogActions sx={{ flexWrap: 'wrap-reverse', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
          <Button onClick={onClose} color="inherit">
            {payment || mailedTo ? t('cart.close') : t('cart.cancel')}
          </Button>
          {!payment && !mailedTo && (
            <Button type="submit" variant="contained" disabled={busy || (signedIn && balance === undefined)} sx={{ whiteSpace: 'nowrap', flexGrow: 1 }}>
              {label}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
