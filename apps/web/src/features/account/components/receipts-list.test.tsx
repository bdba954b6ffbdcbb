import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { emptyPage, mockApi, renderApp } from '../../../test/render.tsx';
import AccountScreen from '../routes/account.tsx';

const info = { user: { id: 1, username: 'amina', email: 'a@example.co.ke', date_joined: '2026-01-01T00:00:00Z', is_staff: false, profile: { buyerid: 7, phone_number: null, account: 0, country: 'Kenya', city: 'Nairobi', profile_pic: null } }, deposit_history: [], purchase: [] };
const etims = { state: 'signed', cu_id: 'KRACU0000000001', cu_invoice_no: 'KRACU0000000001/2', internal_data: 'X', signature: 'Y', signed_at: '2026-11-24T07:15:02Z', qr_url: 'https://etims-sbx.kra.go.ke/x' };
const base = { taxable_total: 60.34, vat_total: 9.66, paid_with: 'balance', mpesa_receipt: null, seller: { name: 'Video Store Kenya', pin: 'P051234567Q' } };
const receipts = [
  { ...base, id: 10, invoice_no: null, kind: 'sale', original_invoice_no: null, items: [{ title: 'Kibanda', qty: 1, unit_price: 70, vat: 9.66 }], total: 70, issued_at: '2026-11-24T08:05:00Z', etims: { ...etims, state: 'pending' } },
  { ...base, id: 9, invoice_no: 2, kind: 'credit_note', original_invoice_no: 1, items: [{ title: 'Nairobi Heist', qty: 1, unit_price: 70, vat: 9.66 }], total: 70, issued_at: '2026-11-24T08:00:00Z', etims: { ...etims, state: 'pending' } },
  { ...base, id: 8, invoice_no: 1, kind: 'sale', original_invoice_no: null, items: [{ title: 'Nairobi Heist', qty: 1, unit_price: 70, vat: 9.66 }], total: 70, issued_at: '2026-11-24T07:15:00Z', etims },
];

describe('the account’s receipts', () => {
  it('lists tax invoices and credit notes, each opening its printable page, one not numbered yet saying so', async () => {
    localStorage.setItem('authorized', 'true');
    mockApi((url) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return info;
      if (url.pathname === '/api/receipts/') return { count: 3, next: null, previous: null, results: receipts };
      return emptyPage;
    });
    const { unmount } = renderApp(
      <Routes>
        <Route path="/account" element={<AccountScreen />} />
      </Routes>,
      '/account?section=receipts',
    );
    const list = await screen.findByRole('list', { name: 'Tax receipts' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/receipt/10', '/receipt/9', '/receipt/8']);
    expect(links.map((l) => l.textContent)).toEqual(['Tax invoice: invoice number follows when KRA signsKsh 70KibandaBeing signed2026-11-24 11:05:00', 'Credit note 2Ksh 70Nairobi HeistBeing signed2026-11-24 11:00:00', 'Tax invoice 1Ksh 70Nairobi HeistSigned by KRA2026-11-24 10:15:00']);
    unmount();
  });
});
