import type { Language, NotificationKind } from '@store/contract';

/** What a notification says; params are what the event recorded (titles, names, amounts), never words. */
export type Params = Record<string, string | number | boolean | null | undefined>;
type Say = (p: Params) => { title: string; body: string };

const s = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const withSeason = (p: Params) => (p.season ? `${s(p.title)} · ${s(p.season)}` : s(p.title));

/**
 * The words of each kind in English and Kiswahili, made when the notification is read or pushed, so
 * a customer who changes language reads the old ones in the new one too. Kept here rather than in the
 * contract's catalog: these are sentences with the customer's own titles in them, not API errors.
 */
const WORDS: Record<Language, Record<NotificationKind, Say>> = {
  en: {
    new_video: (p) => (p.series ? { title: `New season: ${withSeason(p)}`, body: `A new season of ${s(p.title)} is in the store.` } : { title: `New from ${s(p.dj)}`, body: `${withSeason(p)} is in the store.` }),
    rental_ending: (p) => ({ title: 'Your rental ends soon', body: `${withSeason(p)} can be watched for ${s(p.hours)} more hours.` }),
    pass_ending: (p) => ({ title: 'Your pass ends tomorrow', body: `${s(p.title)} ends tomorrow. Renew it in one tap.` }),
    pass_renewal: (p) =>
      p.outcome === 'renewed'
        ? { title: 'Pass renewed', body: `${s(p.title)} was renewed${p.ends_at ? ` until ${s(p.ends_at)}` : ''}.` }
        : p.outcome === 'prompt'
          ? { title: 'Renew your pass', body: `Approve the M-Pesa prompt to renew ${s(p.title)}.` }
          : p.outcome === 'credited'
            ? { title: 'Payment kept on your balance', body: `Your M-Pesa payment of ${s(p.amount)} did not renew ${s(p.title)}, so it is on your balance to spend in the store.` }
            : { title: 'Pass not renewed', body: `${s(p.title)} could not be renewed and has ended. Renew it in one tap.` },
    gift_received: (p) => ({ title: 'You have a gift', body: `${s(p.from)} sent you ${s(p.title)}.` }),
    gift_claimed: (p) => ({ title: 'Your gift was claimed', body: `${s(p.title)} is theirs to watch now.` }),
    refund: (p) => ({ title: 'Refund', body: p.to === 'mpesa' ? `${s(p.amount)} for ${s(p.title)} is on its way to your M-Pesa.` : `${s(p.amount)} for ${s(p.title)} is back on your balance.` }),
    deposit_failed: (p) => ({ title: 'M-Pesa payment not made', body: `Your M-Pesa payment of ${s(p.amount)} did not go through, so ${p.purchase ? 'nothing was bought' : 'your balance is as it was'}. Try again when you are ready.` }),
  },
  sw: {
    new_video: (p) => (p.series ? { title: `Msimu mpya: ${withSeason(p)}`, body: `Msimu mpya wa ${s(p.title)} uko dukani.` } : { title: `Mpya kutoka kwa ${s(p.dj)}`, body: `${withSeason(p)} iko dukani.` }),
    rental_ending: (p) => ({ title: 'Ukodishaji wako unaisha hivi karibuni', body: `${withSeason(p)} inaweza kutazamwa kwa saa ${s(p.hours)} zaidi.` }),
    pass_ending: (p) => ({ title: 'Pasi yako inaisha kesho', body: `${s(p.title)} inaisha kesho. Ifanye upya kwa mguso mmoja.` }),
    pass_renewal: (p) =>
      p.outcome === 'renewed'
        ? { title: 'Pasi imefanywa upya', body: `${s(p.title)} imefanywa upya${p.ends_at ? ` hadi ${s(p.ends_at)}` : ''}.` }
        : p.outcome === 'prompt'
          ? { title: 'Fanya upya pasi yako', body: `Kubali ombi la M-Pesa ili kufanya upya ${s(p.title)}.` }
          : p.outcome === 'credited'
            ? { title: 'Malipo yamewekwa kwenye salio lako', body: `Malipo yako ya M-Pesa ya ${s(p.amount)} hayakufanya upya ${s(p.title)}, kwa hivyo yako kwenye salio lako kutumia dukani.` }
            : { title: 'Pasi haikufanywa upya', body: `${s(p.title)} haikuweza kufanywa upya na imeisha. Ifanye upya kwa mguso mmoja.` },
    gift_received: (p) => ({ title: 'Una zawadi', body: `${s(p.from)} amekutumia ${s(p.title)}.` }),
    gift_claimed: (p) => ({ title: 'Zawadi yako imepokelewa', body: `${s(p.title)} sasa ni yao kutazama.` }),
    refund: (p) => ({ title: 'Kurejeshewa pesa', body: p.to === 'mpesa' ? `${s(p.amount)} za ${s(p.title)} zinatumwa kwa M-Pesa yako.` : `${s(p.amount)} za ${s(p.title)} zimerudi kwenye salio lako.` }),
    deposit_failed: (p) => ({ title: 'Malipo ya M-Pesa hayakufanyika', body: `Malipo yako ya M-Pesa ya ${s(p.amount)} hayakufaulu, kwa hivyo ${p.purchase ? 'hakuna kilichonunuliwa' : 'salio lako halijabadilika'}. Jaribu tena ukiwa tayari.` }),
  },
};

export function wordsOf(kind: NotificationKind, params: Params, language: Language): { title: string; body: string } {
  return WORDS[language][kind](params);
}
