import { resource } from '../../providers/i18n.ts';
import { featureWords } from '../../providers/words.ts';

/**
 * Customers and their balance adjustments: `customers.*`, `adjust.*`. English and Kiswahili; the app's i18n provider
 * (app/i18n-provider.ts) merges them with every other feature's, as `store.<id>` and `resources.<name>`.
 */
export const { messages, w, useWords } = featureWords(
  {
    en: {
      'customers.search': 'Name, email or phone',
      'customers.videos': '%{count} videos',
      'customers.staff': 'staff',
      'customers.no_purchases': 'No purchases yet.',
      'customers.no_deposits': 'No deposits yet.',
      'customers.no_ledger': 'No balance changes yet.',
      'adjust.button': 'Adjust balance',
      'adjust.title': "Adjust %{username}'s balance (%{balance})",
      'adjust.amount_help': 'Positive credits the balance, negative debits it.',
      'adjust.reason_help': 'Kept in the ledger and the audit log.',
      'adjust.debit': 'Debit %{amount}',
      'adjust.credit': 'Credit %{amount}',
      'adjust.done': "%{username}'s balance is now %{balance}.",
      'adjust.failed': 'The adjustment failed.',
    },
    sw: {
      'customers.search': 'Jina, barua pepe au simu',
      'customers.videos': 'video %{count}',
      'customers.staff': 'mfanyakazi',
      'customers.no_purchases': 'Bado hajanunua chochote.',
      'customers.no_deposits': 'Bado hajaweka pesa.',
      'customers.no_ledger': 'Salio bado halijabadilika.',
      'adjust.button': 'Badilisha salio',
      'adjust.title': 'Badilisha salio la %{username} (%{balance})',
      'adjust.amount_help': 'Kiasi chanya kinaongeza salio, hasi kinapunguza.',
      'adjust.reason_help': 'Inahifadhiwa kwenye leja na kumbukumbu za ukaguzi.',
      'adjust.debit': 'Punguza %{amount}',
      'adjust.credit': 'Ongeza %{amount}',
      'adjust.done': 'Salio la %{username} sasa ni %{balance}.',
      'adjust.failed': 'Kubadilisha salio kumeshindikana.',
    },
  },
  {
    en: {
      customers: resource('Customer |||| Customers', 'The customer is saved.', "The customer's details are saved.", 'The customer was deleted.', { username: 'Username', email: 'Email', city: 'City', country: 'Country' }),
    },
    sw: {
      customers: resource('Mteja |||| Wateja', 'Mteja amehifadhiwa.', 'Maelezo ya mteja yamehifadhiwa.', 'Mteja amefutwa.', { username: 'Jina la mtumiaji', email: 'Barua pepe', city: 'Mji', country: 'Nchi' }),
    },
  },
);

/** A sentence id this feature may say: its own or a shared one. */
export type Word = Parameters<typeof w>[0];
