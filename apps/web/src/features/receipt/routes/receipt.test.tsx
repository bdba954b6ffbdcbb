import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import ReceiptScreen from './receipt.tsx';

const info = { user: { id: 1, username: 'amina', email: 'a@example.co.ke', date_joined: '2026-01-01T00:00:00Z', is_staff: false, profile: { buyerid: 7, phone_number: null, account: 0, country: 'Kenya', city: 'Nairobi', profile_pic: null } }, deposit_history: [], purchase: [] };
const signed = {
  id: 12,
  invoice_no: 41,
  kind: 'sale',
  original_invoice_no: null,
  items: [
    { title: 'Nairobi Heist', qty: 1, unit_price: 7, vat: 0.96 },
    { title: 'Empire (Season 1)', qty: 1, unit_price: 199, vat: 27.45 },
  ],
  taxable_total: 177.59,
  vat_total: 28.41,
  total: 206,
  paid_with: 'mpesa',
  mpesa_receipt: 'QKA1B2C3D4',
  issued_at: '2026-11-24T07:15:00Z',
  etims: { state: 'signed', cu_id: 'KRACU0000000001', cu_invoice_no: 'KRACU0000000001/41', internal_data: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', signature: 'QUII27MATATSHFRB', signed_at: '2026-11-24T07:15:02Z', qr_url: 'https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=P051234567Q00QUII27MATATSHFRB' },
  seller: { name: 'Video Store Kenya', pin: 'P051234567Q' },
};
const app = (
  <Routes>
    <Route path="/receipt/:id" element={<ReceiptScreen />} />
  </Routes>
);
const serve = (receipt: object | null) =>
  mockApi((url) => {
    if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
    if (url.pathname === '/api/info/') return info;
    if (url.pathname === '/api/receipts/12/' && receipt) return receipt;
    return new Response(JSON.stringify({ detail: 'Not found.' }), { status: 404, headers: { 'content-type': 'application/json' } });
  });

describe('the printable receipt', () => {
  it('shows all KRA asks of a tax invoice: seller and PIN, number, date, items with VAT, totals, the control unit and its QR code', async () => {
    localStorage.setItem('authorized', 'true');
    serve(signed);
    const { unmount } = renderApp(app, '/receipt/12');
    const paper = await screen.findByTestId('receipt');
    expect(within(paper).getByRole('heading', { level: 1 })).toHaveTextContent('Tax invoice');
    expect(paper).toHaveTextContent('Video Store Kenya');
    expect(paper).toHaveTextContent('PIN P051234567Q');
    expect(within(paper).getByTestId('invoice-no')).toHaveTextContent('41');
    expect(paper).toHaveTextContent('2026-11-24 10:15:00'); // Nairobi time
    expect(within(paper).getAllByRole('row').map((r) => r.textContent)).toEqual(['ItemQtyPriceVAT', 'Nairobi Heist B1Ksh 7.00Ksh 0.96', 'Empire (Season 1) B1Ksh 199.00Ksh 27.45']);
    expect(within(paper).getByTestId('vat-total')).toHaveTextContent('Ksh 28.41');
    expect(within(paper).getByTestId('total')).toHaveTextContent('Ksh 206.00');
    expect(paper).toHaveTextContent('M-Pesa receipt QKA1B2C3D4');
    expect(within(paper).getByTestId('cu-invoice-no')).toHaveTextContent('KRACU0000000001/41');
    expect(paper).toHaveTextContent('QUII-27MA-TATS-HFRB');
    expect(within(paper).getByTestId('receipt-qr')).toHaveAttribute('href', signed.etims.qr_url);
    expect(within(paper).getByRole('img', { name: "QR code: check this receipt on KRA's eTIMS" }).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByRole('button', { name: 'Print' })).toBeVisible();
    unmount();
  });

  it('says in Kiswahili that KRA is still signing a credit note, with no QR code yet', async () => {
    const untranslated = speakKiswahili();
    localStorage.setItem('authorized', 'true');
    serve({ ...signed, kind: 'credit_note', original_invoice_no: 40, etims: { ...signed.etims, state: 'pending', cu_id: null, cu_invoice_no: null, internal_data: null, signature: null, signed_at: null, qr_url: null } });
    const { unmount } = renderApp(app, '/receipt/12');
    const paper = await screen.findByTestId('receipt');
    expect(within(paper).getByRole('heading', { level: 1 })).toHaveTextContent('Hati ya marejesho');
    expect(paper).toHaveTextContent('Marejesho ya ankara40');
    expect(within(paper).getByRole('status')).toHaveTextContent('Inasainiwa na KRA eTIMS');
    expect(within(paper).queryByTestId('receipt-qr')).toBeNull();
    expect(untranslated()).toEqual([]);
    unmount();
  });

  it('says the invoice number follows when KRA signs, in English and Kiswahili, until the submitter numbers it', async () => {
    localStorage.setItem('authorized', 'true');
    const pending = { ...signed.etims, state: 'pending', cu_id: null, cu_invoice_no: null, internal_data: null, signature: null, signed_at: null, qr_url: null };
    serve({ ...signed, invoice_no: null, etims: pending });
    const first = renderApp(app, '/receipt/12');
    const paper = await screen.findByTestId('receipt');
    expect(within(paper).getByTestId('invoice-no')).toHaveTextContent('Follows when KRA signs');
    expect(document.title).toBe('Receipt (invoice number follows when KRA signs)');
    first.unmount();

    const untranslated = speakKiswahili();
    serve({ ...signed, kind: 'credit_note', invoice_no: null, original_invoice_no: null, etims: pending });
    const second = renderApp(app, '/receipt/12');
    const note = await screen.findByTestId('receipt');
    expect(within(note).getByTestId('invoice-no')).toHaveTextContent('Itafuata KRA ikisaini');
    expect(note).toHaveTextContent('Marejesho ya ankaraItafuata KRA ikisaini'); // the invoice it returns is not numbered yet either
    expect(untranslated()).toEqual([]);
    second.unmount();
  });

  it('labels a credit note by its own number and says where the money went back to, in English and Kiswahili', async () => {
    localStorage.setItem('authorized', 'true');
    const note = { ...signed, kind: 'credit_note', invoice_no: 42, original_invoice_no: 41, paid_with: 'mpesa', mpesa_receipt: null };
    serve(note);
    const first = renderApp(app, '/receipt/12');
    const paper = await screen.findByTestId('receipt');
    expect(paper).toHaveTextContent('Credit note number42');
    expect(paper).not.toHaveTextContent('Invoice number');
    expect(paper).toHaveTextContent('Refunded toM-Pesa');
    expect(paper).not.toHaveTextContent('Paid with');
    first.unmount();

    serve({ ...note, paid_with: 'balance' });
    const second = renderApp(app, '/receipt/12');
    expect(await screen.findByTestId('receipt')).toHaveTextContent('Refunded toStore balance');
    second.unmount();

    const untranslated = speakKiswahili();
    serve(note);
    const third = renderApp(app, '/receipt/12');
    const sw = await screen.findByTestId('receipt');
    expect(sw).toHaveTextContent('Nambari ya hati ya marejesho42');
    expect(sw).toHaveTextContent('Imerejeshwa kwaM-Pesa');
    expect(untranslated()).toEqual([]);
    third.unmount();
  });

  it('names the promo code that lowered a line, and what the line cost before it, in English and Kiswahili', async () => {
    localStorage.setItem('authorized', 'true');
    const withCode = { ...signed, items: [{ title: 'Nairobi Heist', qty: 1, unit_price: 50, vat: 6.9, list_price: 100, promo_code: 'NUSU' }, { ...signed.items[1], list_price: 199, promo_code: null }] };
    serve(withCode);
    const first = renderApp(app, '/receipt/12');
    const paper = await screen.findByTestId('receipt');
    expect(within(paper).getAllByTestId('promo-line').map((l) => l.textContent)).toEqual(['Promo code NUSU, was Ksh 100.00']);
    expect(paper).toHaveTextContent('Invoice number41');
    expect(paper).toHaveTextContent('Paid withM-Pesa');
    first.unmount();

    const untranslated = speakKiswahili();
    serve(withCode);
    const second = renderApp(app, '/receipt/12');
    const sw = await screen.findByTestId('receipt');
    expect(within(sw).getByTestId('promo-line')).toHaveTextContent('Msimbo wa punguzo NUSU, bei ilikuwa Ksh 100.00');
    expect(untranslated()).toEqual([]);
    second.unmount();
  });

  it('says there is no such receipt when it is someone else’s (the server answers 404)', async () => {
    localStorage.setItem('authorized', 'true');
    serve(null);
    const { unmount } = renderApp(app, '/receipt/12');
    expect(await screen.findByText('There is no such receipt in your account.')).toBeVisible();
    unmount();
  });
});
