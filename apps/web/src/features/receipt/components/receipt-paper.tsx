import Box from '@mui/material/Box';
import type { Receipt } from '@store/contract';
import { formatDate } from '../../../lib/format.ts';
import { groupDigits } from '@store/contract';
import { useT } from '../../../lib/i18n.ts';
import { ReceiptQr } from './receipt-qr.tsx';

/** Ksh to the cent, as a tax receipt shows money: Ksh 34,482.76. */
export const money = (amount: number) => {
  const [whole, cents] = Math.abs(amount).toFixed(2).split('.');
  return `${amount < 0 ? '−' : ''}Ksh ${groupDigits(Number(whole))}.${cents}`;
};

const row = { display: 'flex', justifyContent: 'space-between', gap: 2 } as const;
const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', overflowWrap: 'anywhere' } as const;

/**
 * The receipt as KRA asks a tax invoice to show it: the seller's name and PIN, the invoice number,
 * date and time, the items with their VAT, the totals, how it was paid, the control unit's block
 * (CU id, CU invoice number, internal data, signature, time) and the QR code KRA's checker opens.
 */
export function ReceiptPaper({ r }: { r: Receipt }) {
  const t = useT();
  return (
    <Box className="receipt-paper" data-testid="receipt" sx={{ bgcolor: 'background.paper', color: 'text.primary', borderRadius: 1, p: { xs: 2, sm: 3 }, fontSize: 15, lineHeight: 1.5 }}>
      <Box component="header" sx={{ textAlign: 'center', mb: 2 }}>
        <Box component="p" sx={{ m: 0, fontWeight: 800, fontSize: 18 }}>
          {r.seller.name}
        </Box>
        <Box component="p" sx={{ m: 0 }}>{t('receipt.seller_pin', { pin: r.seller.pin })}</Box>
        <Box component="h1" sx={{ m: 0, mt: 1, fontSize: 20, textTransform: 'uppercase', letterSpacing: 1 }}>
          {t('receipt.title', { kind: r.kind })}
        </Box>
      </Box>
      <Box component="dl" sx={{ m: 0, mb: 2, '& > div': row, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, fontWeight: 700, textAlign: 'right' } }}>
        <div>
          <dt>{t('receipt.invoice_no', { kind: r.kind })}</dt>
          {/* Numbered by the store's eTIMS submitter seconds after the sale, just before KRA signs it. */}
          <dd data-testid="invoice-no">{r.invoice_no ?? t('receipt.number_follows')}</dd>
        </div>
        {r.kind === 'credit_note' && (
          <div>
            <dt>{t('receipt.original_invoice')}</dt>
            <dd>{r.original_invoice_no ?? t('receipt.number_follows')}</dd>
          </div>
        )}
        <div>
          <dt>{t('receipt.date')}</dt>
          <dd>{formatDate(r.issued_at)}</dd>
        </div>
      </Box>
      <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', mb: 2, '& th, & td': { py: 0.5, px: 0.5, verticalAlign: 'top', borderBottom: '1px solid', borderColor: 'divider' }, '& th': { textAlign: 'left', fontSize: 13, color: 'text.secondary' }, '& .n': { textAlign: 'right', whiteSpace: 'nowrap' } }}>
        <thead>
          <tr>
            <th>{t('receipt.item')}</th>
            <th className="n">{t('receipt.qty')}</th>
            <th className="n">{t('receipt.price')}</th>
            <th className="n">{t('receipt.vat')}</th>
          </tr>
        </thead>
        <tbody>
          {r.items.map((i, n) => (
            <tr key={n}>
              <td style={{ overflowWrap: 'anywhere' }}>
                {i.title} B
                {/* The code that lowered this line, and from what (issue 32 #17). */}
                {i.promo_code && (
                  <Box component="span" data-testid="promo-line" sx={{ display: 'block', fontSize: 13, color: 'text.secondary' }}>
                    {t('receipt.promo_line', { code: i.promo_code, price: money(i.list_price) })}
                  </Box>
                )}
              </td>
              <td className="n">{i.qty}</td>
              <td className="n">{money(i.unit_price)}</td>
              <td className="n">{money(i.vat)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
      <Box sx={{ display: 'grid', gap: 0.25, mb: 2 }}>
        <Box sx={row}>
          <span>{t('receipt.taxable')}</span>
          <span>{money(r.taxable_total)}</span>
        </Box>
        <Box sx={row}>
          <span>{t('receipt.vat_total')}</span>
          <span data-testid="vat-total">{money(r.vat_total)}</span>
        </Box>
        <Box sx={{ ...row, fontWeight: 800, fontSize: 18, borderTop: '2px solid', pt: 0.5 }}>
          <span>{t('receipt.total')}</span>
          <span data-testid="total">{money(r.total)}</span>
        </Box>
        <Box sx={row}>
          {/* A credit note says where the money went back to. */}
          <span>{t('receipt.paid_with', { kind: r.kind })}</span>
          <span>{r.paid_with === 'mpesa' ? t('receipt.paid.mpesa') : t('receipt.paid.balance')}</span>
        </Box>
        {r.mpesa_receipt && <Box sx={{ textAlign: 'right', ...mono }}>{t('receipt.mpesa_receipt', { receipt: r.mpesa_receipt })}</Box>}
        <Box sx={{ fontSize: 13, color: 'text.secondary' }}>{t('receipt.prices_include_vat')}</Box>
      </Box>
      <Box component="section" aria-labelledby="cu-title" sx={{ borderTop: '1px dashed', borderColor: 'divider', pt: 1.5 }}>
        <Box component="h2" id="cu-title" sx={{ fontSize: 14, m: 0, mb: 1, textTransform: 'uppercase', letterSpacing: 0.5 }}>
          {t('receipt.cu.title')}
        </Box>
        {r.etims.state === 'signed' ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
            <Box component="dl" sx={{ m: 0, flex: '1 1 220px', minWidth: 0, '& dt': { fontSize: 12, color: 'text.secondary' }, '& dd': { m: 0, mb: 0.75, ...mono, fontSize: 14 } }}>
              <dt>{t('receipt.cu.date')}</dt>
              <dd>{r.etims.signed_at ? formatDate(r.etims.signed_at) : ''}</dd>
              <dt>{t('receipt.cu.id')}</dt>
              <dd>{r.etims.cu_id}</dd>
              <dt>{t('receipt.cu.invoice_no')}</dt>
              <dd data-testid="cu-invoice-no">{r.etims.cu_invoice_no}</dd>
              <dt>{t('receipt.cu.internal_data')}</dt>
              <dd>{r.etims.internal_data?.replace(/(.{4})(?=.)/g, '$1-')}</dd>
              <dt>{t('receipt.cu.signature')}</dt>
              <dd>{r.etims.signature?.replace(/(.{4})(?=.)/g, '$1-')}</dd>
            </Box>
            {r.etims.qr_url && (
              <Box sx={{ textAlign: 'center', fontSize: 12, color: 'text.secondary', mx: 'auto' }}>
                <a href={r.etims.qr_url} target="_blank" rel="noreferrer" data-testid="receipt-qr">
                  <ReceiptQr url={r.etims.qr_url} label={t('receipt.qr_label')} />
                </a>
                <Box sx={{ maxWidth: 140 }}>{t('receipt.qr_hint')}</Box>
              </Box>
            )}
          </Box>
        ) : (
          <Box role="status" sx={{ fontSize: 14 }}>
            {r.etims.state === 'failed' ? t('receipt.cu.failed') : t('receipt.cu.pending')}
          </Box>
        )}
      </Box>
    </Box>
  );
}

/** What prints: the receipt alone, black on white, the store's header, menus and buttons left out. */
export const PRINT_CSS = `@media print {
  @page { margin: 12mm; }
  body * { visibility: hidden !important; }
  .receipt-paper, .receipt-paper * { visibility: visible !important; color: #000 !important; }
  .receipt-paper { position: absolute; left: 0; top: 0; width: 100%; max-width: 180mm; background: #fff !important; padding: 0 !important; font-size: 11pt; }
  .receipt-paper a { text-decoration: none; }
  .receipt-no-print { display: none !important; }
}`;
