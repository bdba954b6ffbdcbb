import { featureWords } from '../../providers/words.ts';

/**
 * The staff dashboard: `dashboard.*`. English and Kiswahili; the app's i18n provider
 * (app/i18n-provider.ts) merges them with every other feature's, as `store.<id>` and `resources.<name>`.
 */
export const { messages, w, useWords } = featureWords(
  {
    en: {
      'dashboard.title': 'Dashboard',
      'dashboard.failed': 'The dashboard could not be loaded: %{error}',
      'dashboard.loading': 'Loading the dashboard',
      'dashboard.sales_today': 'Sales today',
      'dashboard.sales_30': 'Sales, 30 days',
      'dashboard.deposits_30': 'Deposits, 30 days',
      'dashboard.customers': 'Customers (%{count} new this week)',
      'dashboard.review': 'Deposits for review',
      'dashboard.transcoding': 'Videos transcoding',
      'dashboard.transcoding_failed': 'Videos transcoding (%{failed} failed)',
      'dashboard.unread': 'Unread messages',
      'dashboard.per_day': 'Sales and deposits per day (Ksh)',
      'dashboard.sales': 'Sales',
      'dashboard.deposits': 'Deposits',
      'dashboard.top_videos': 'Top videos',
      'dashboard.top_djs': 'Top DJs',
      'dashboard.no_sales': 'No sales yet.',
      'dashboard.revenue': 'Revenue',
    },
    sw: {
      'dashboard.title': 'Dashibodi',
      'dashboard.failed': 'Dashibodi haikuweza kupakiwa: %{error}',
      'dashboard.loading': 'Dashibodi inapakiwa',
      'dashboard.sales_today': 'Mauzo ya leo',
      'dashboard.sales_30': 'Mauzo, siku 30',
      'dashboard.deposits_30': 'Pesa zilizowekwa, siku 30',
      'dashboard.customers': 'Wateja (%{count} wapya wiki hii)',
      'dashboard.review': 'Malipo ya kukaguliwa',
      'dashboard.transcoding': 'Video zinazoandaliwa',
      'dashboard.transcoding_failed': 'Video zinazoandaliwa (%{failed} zimeshindikana)',
      'dashboard.unread': 'Jumbe ambazo hazijasomwa',
      'dashboard.per_day': 'Mauzo na pesa zilizowekwa kwa siku (Ksh)',
      'dashboard.sales': 'Mauzo',
      'dashboard.deposits': 'Pesa zilizowekwa',
      'dashboard.top_videos': 'Video zinazouzwa zaidi',
      'dashboard.top_djs': 'DJ wanaouza zaidi',
      'dashboard.no_sales': 'Bado hakuna mauzo.',
      'dashboard.revenue': 'Mapato',
    },
  },
  { en: {}, sw: {} },
);
