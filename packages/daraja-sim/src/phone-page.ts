/** A PIN prompt on the phone: an STK push, or a standing order to approve. */
export interface PhonePrompt {
  id: string;
  amount: number;
  to: string;
  phone: string;
  /** The order's name when it is a standing order (Ratiba). */
  standingOrder?: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The simulated phone: every open prompt with Pay (PIN), Wrong PIN and Cancel. */
export function phonePage(open: PhonePrompt[], scriptSrc: string): string {
  const items = open
    .map(
      (p) => `<li data-checkout="${esc(p.id)}">
      <p><strong>${p.standingOrder === undefined ? 'Pay' : 'Standing order: pay'} Ksh ${p.amount.toLocaleString('en-KE')}</strong> to ${esc(p.to)}${p.standingOrder === undefined ? '' : ` on a schedule (${esc(p.standingOrder)})`}<br><small>${esc(p.phone)} · ${esc(p.id)}</small></p>
      <div class="actions">
        <button data-action="pay">Pay (PIN)</button>
        <button data-action="wrong_pin">Wrong PIN</button>
        <button data-action="cancel">Cancel</button>
      </div></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Simulated M-Pesa phone</title>
<style>body{font-family:system-ui,sans-serif;background:#0b3d20;color:#fff;margin:0;padding:16px}h1{font-size:20px}ul{list-style:none;padding:0}
li{background:#fff;color:#111;border-radius:12px;padding:12px;margin-bottom:12px}.actions{display:flex;gap:8px;flex-wrap:wrap}
button{font:inherit;padding:8px 12px;border-radius:8px;border:0;background:#4caf50;color:#fff}button[data-action=cancel]{background:#757575}button[data-action=wrong_pin]{background:#c62828}</style></head>
<body><h1>Simulated M-Pesa phone</h1><p>Prompts the store sent to a phone number; answer one as a customer would.</p>
<ul>${items || '<li>No prompts waiting. This page refreshes itself.</li>'}</ul>
<script src="${esc(scriptSrc)}"></script></body></html>`;
}

/**
 * The phone page's script, served as a file: the store's Content-Security-Policy allows no inline
 * script, and the page must work under it.
 */
export const PHONE_SCRIPT = `'use strict';
document.querySelectorAll('button[data-action]').forEach((b) => b.addEventListener('click', async () => {
  const id = b.closest('li').dataset.checkout;
  await fetch(location.pathname.replace(/phone\\/?$/, 'prompts/') + encodeURIComponent(id), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: b.dataset.action }) });
  location.reload();
}));
setTimeout(() => location.reload(), 3000);
`;
