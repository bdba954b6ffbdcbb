/**
 * The back office's sentences for rentals (CONTRACT §11), spread into the store's words
 * (locales/words.ts) as `rentals.*`; the Kiswahili must name the same ids.
 */
export const rentalWordsEnglish = {
  'rentals.rent_price': 'Rent (Ksh)',
  'rentals.rent_price_help': 'Empty: not for rent. About a quarter of the price is usual.',
  'rentals.rental_hours': 'Rental hours',
  'rentals.rental_hours_help': 'How long a rental runs from its first play (48 is usual).',
  'rentals.rented_at': 'Rented',
  'rentals.customer': 'Customer',
  'rentals.video': 'Video',
  'rentals.price_paid': 'Paid',
  'rentals.started_at': 'First play',
  'rentals.expires_at': 'Ends',
  'rentals.live': 'Live',
  'rentals.not_started': 'not played yet',
  'rentals.ended': 'ended',
};

export const rentalWordsKiswahili: Record<keyof typeof rentalWordsEnglish, string> = {
  'rentals.rent_price': 'Kodi (Ksh)',
  'rentals.rent_price_help': 'Wazi: haikodishwi. Kwa kawaida ni karibu robo ya bei.',
  'rentals.rental_hours': 'Saa za kukodisha',
  'rentals.rental_hours_help': 'Muda ukodishaji unadumu tangu ichezwe mara ya kwanza (kwa kawaida 48).',
  'rentals.rented_at': 'Ilikodishwa',
  'rentals.customer': 'Mteja',
  'rentals.video': 'Video',
  'rentals.price_paid': 'Alilipa',
  'rentals.started_at': 'Ilichezwa kwanza',
  'rentals.expires_at': 'Inaisha',
  'rentals.live': 'Inaendelea',
  'rentals.not_started': 'bado haijachezwa',
  'rentals.ended': 'imeisha',
};
