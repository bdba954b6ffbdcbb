/**
 * A small, faithful stand-in for Africa's Talking's POST /version1/messaging, as a fetch function:
 * the app's key in the `apiKey` header, a form body (username, to, message, optional from), and the
 * answers its documentation records: 401 text for a bad key, 400 text for a missing field, 201 with
 * SMSMessageData.Recipients (statusCode 101 Sent, or 403 InvalidPhoneNumber for a number that is not
 * international).
 */
export function africasTalkingSim(o: { username: string; apiKey: string; down?: () => boolean }) {
  const sent: { to: string; message: string; from: string | null }[] = [];
  const fetchFn = (async (url: string | URL, init?: RequestInit) => {
    if (!String(url).endsWith('/version1/messaging') || init?.method !== 'POST') return new Response('Not Found', { status: 404 });
    if (o.down?.()) return new Response('Service Unavailable', { status: 503 });
    const headers = new Headers(init.headers);
    if (headers.get('apiKey') !== o.apiKey) return new Response('The supplied authentication is invalid', { status: 401 });
    if (!headers.get('content-type')?.startsWith('application/x-www-form-urlencoded')) return new Response('Unsupported Media Type', { status: 415 });
    const form = new URLSearchParams(String(init.body));
    if (form.get('username') !== o.username) return new Response('The supplied authentication is invalid', { status: 401 });
    const to = form.get('to');
    const message = form.get('message');
    if (!to || !message) return new Response(`Request is missing required form field '${!to ? 'to' : 'message'}'`, { status: 400 });
    const recipients = to.split(',').map((number) => {
      if (!/^\+\d{10,14}$/.test(number)) return { statusCode: 403, number, status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' };
      sent.push({ to: number, message, from: form.get('from') });
      return { statusCode: 101, number, status: 'Success', cost: 'KES 0.8000', messageId: `ATXid_${sent.length}` };
    });
    const ok = recipients.filter((r) => r.statusCode === 101).length;
    const body = { SMSMessageData: { Message: `Sent to ${ok}/${recipients.length} Total Cost: KES ${(ok * 0.8).toFixed(4)}`, Recipients: recipients } };
    return new Response(JSON.stringify(body), { status: 201, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetch: fetchFn, sent };
}
