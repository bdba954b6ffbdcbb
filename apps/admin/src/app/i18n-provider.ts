import { createI18nProvider } from '../providers/i18n.ts';
import { messages as shell } from './words.ts';
import { messages as audit } from '../features/audit/index.ts';
import { messages as bundles } from '../features/bundles/index.ts';
import { messages as contactMessages } from '../features/contact-messages/index.ts';
import { messages as customers } from '../features/customers/index.ts';
import { messages as dashboard } from '../features/dashboard/index.ts';
import { messages as deposits } from '../features/deposits/index.ts';
import { messages as djs } from '../features/djs/index.ts';
import { messages as genres } from '../features/genres/index.ts';
import { messages as gifts } from '../features/gifts/index.ts';
import { messages as ledger } from '../features/ledger/index.ts';
import { messages as notifications } from '../features/notifications/index.ts';
import { messages as passes } from '../features/passes/index.ts';
import { messages as payouts } from '../features/payouts/index.ts';
import { messages as people } from '../features/people/index.ts';
import { messages as promoCodes } from '../features/promo-codes/index.ts';
import { messages as purchases } from '../features/purchases/index.ts';
import { messages as receipts } from '../features/receipts/index.ts';
import { messages as rentals } from '../features/rentals/index.ts';
import { messages as reports } from '../features/reports/index.ts';
import { messages as statements } from '../features/statements/index.ts';
import { messages as vat } from '../features/vat/index.ts';
import { messages as videos } from '../features/videos/index.ts';

/** Every feature's messages, the shell's (title, sign-in) and the shared ones (providers/i18n.ts adds them). */
export const FEATURE_MESSAGES = [shell, audit, bundles, contactMessages, customers, dashboard, deposits, djs, genres, gifts, ledger, notifications, passes, payouts, people, promoCodes, purchases, receipts, rentals, reports, statements, videos, vat];

/** The back office's i18nProvider: English and Kiswahili, every feature's words merged. */
export const i18nProvider = createI18nProvider(FEATURE_MESSAGES);
