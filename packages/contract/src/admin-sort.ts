/**
 * The fields each back-office list sorts by: GET /api/admin/<list>?sort=["<field>","ASC"]. Any other
 * field is a 400, so the back office lets staff sort a column only when its list names it here.
 */
export const adminSortFields = {
  videos: ['id', 'title', 'season', 'dj_name', 'genre_title', 'cartegory', 'price', 'purchase_times', 'published', 'rating', 'date_uploaded'],
  djs: ['id', 'dj_name', 'created_at', 'revenue_share_percent'],
  genres: ['id', 'title', 'created_at'],
  customers: ['id', 'username', 'email', 'phone_number', 'balance', 'purchases', 'is_staff', 'is_active', 'date_joined'],
  deposits: ['id', 'created_at', 'user_id', 'username', 'amount', 'phone', 'state', 'receipt', 'result_desc', 'settled_at'],
  purchases: ['id', 'created_at', 'user_id', 'username', 'video_id', 'video_title', 'price', 'refunded_at'],
  ledger: ['id', 'created_at', 'user_id', 'username', 'kind', 'amount', 'balance_after', 'note'],
  people: ['id', 'full_name', 'title', 'role', 'sort_order'],
  notifications: ['id', 'date_notified'],
  'contact-messages': ['id', 'created_at', 'name', 'email', 'phone_number', 'is_read', 'replied_at'],
  audit: ['id', 'created_at', 'user_id', 'username', 'action', 'resource', 'record_id'],
  payouts: ['id'],
  'promo-codes': ['id', 'code', 'percent_off', 'amount_off', 'valid_until', 'times_redeemed', 'total_discount', 'active', 'created_at'],
  'promo-batches': ['id', 'prefix', 'count', 'created_at'],
  receipts: ['id', 'invoice_no', 'issued_at', 'total', 'state', 'attempts'],
} as const;
export type AdminList = keyof typeof adminSortFields;
export type AdminSortField<L extends AdminList> = (typeof adminSortFields)[L][number];
