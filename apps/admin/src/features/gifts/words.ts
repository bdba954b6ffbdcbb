import { resource } from '../../providers/i18n.ts';
import { featureWords } from '../../providers/words.ts';

/**
 * Gifts (CONTRACT §11): `gift.*`. English and Kiswahili; the app's i18n provider
 * (app/i18n-provider.ts) merges them with every other feature's, as `store.<id>` and `resources.<name>`.
 */
export const { messages, w, useWords } = featureWords(
  {
    en: {
      'gift.state': 'State',
      'gift.state_sent': 'Sent, not claimed',
      'gift.state_claimed': 'Claimed',
      'gift.state_returned': 'Returned to the giver',
      'gift.giver': 'Giver',
      'gift.to': 'Sent to',
      'gift.recipient': 'Claimed by',
      'gift.what': 'Gift',
      'gift.amount': 'Paid',
      'gift.sent_at': 'Sent',
      'gift.expires_at': 'Returns if unclaimed',
      'gift.claimed_at': 'Claimed',
      'gift.returned_at': 'Returned',
      'gift.search': 'Title, giver, phone or e-mail',
    },
    sw: {
      'gift.state': 'Hali',
      'gift.state_sent': 'Imetumwa, haijapokelewa',
      'gift.state_claimed': 'Imepokelewa',
      'gift.state_returned': 'Imerudishwa kwa mtoaji',
      'gift.giver': 'Mtoaji',
      'gift.to': 'Imetumwa kwa',
      'gift.recipient': 'Imepokelewa na',
      'gift.what': 'Zawadi',
      'gift.amount': 'Imelipiwa',
      'gift.sent_at': 'Imetumwa',
      'gift.expires_at': 'Hurudi isipopokelewa',
      'gift.claimed_at': 'Imepokelewa',
      'gift.returned_at': 'Imerudishwa',
      'gift.search': 'Jina, mtoaji, simu au barua pepe',
    },
  },
  {
    en: {
      gifts: resource('Gift |||| Gifts', 'Saved.', 'Saved.', 'Deleted.'),
    },
    sw: {
      gifts: resource('Zawadi |||| Zawadi', 'Imehifadhiwa.', 'Imehifadhiwa.', 'Imefutwa.'),
    },
  },
);
