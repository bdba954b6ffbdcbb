import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Deposit, Info } from '@store/contract';
import en from '@store/contract/locales/en.json' with { type: 'json' };
import { languageOf, say, words } from '../lib/words.ts';
import { engines } from '../../test/helpers/engines.ts';
import { newCustomer, register, signedInCustomer } from '../../test/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';

describe('the language of a request', () => {
  it.each([
    [undefined, 'en'],
    ['sw', 'sw'],
    ['sw-KE', 'sw'],
    ['sw-KE,sw;q=0.9,en;q=0.8', 'sw'],
    ['en-GB,en;q=0.9,sw;q=0.5', 'en'],
    ['en;q=0.4, sw;q=0.8', 'sw'],
    ['fr-FR,fr;q=0.9', 'en'],
    ['*', 'en'],
    ['garbage;;q=x', 'en'],
  ])('Accept-Language %s is %s', (header, language) => {
    expect(languageOf(header === undefined ? {} : { 'accept-language': header })).toBe(language);
  });

  it('says every message of the catalog in Kiswahili, its values filled in', () => {
    for (const id of Object.keys(en) as (keyof typeof en)[]) {
      const values = Object.fromEntries([...id.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, 7]));
      const text = say(words(id, values), 'sw');
      expect(text, id).not.toBe('');
      expect(text, id).not.toMatch(/[{}]/);
      expect(say(words(id, values), 'en'), id).toBe(id.replace(/\{\w+\}/g, '7'));
    }
    expect(say('Ensure this value is less than or equal to 250,000.', 'sw')).toBe('Hakikisha kiasi hiki hakizidi 250,000.');
    expect(say('Mixtape ya DJ Afro', 'sw')).toBe('Mixtape ya DJ Afro');
  });
});

describe.each(engines())('words from the API in the reader’s language on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const sw = { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.8' };

  it('answers a wrong password in Kiswahili to sw, and in the same English as before otherwise', async () => {
    const c = newCustomer();
    await register(t.app, c);
    const attempt = (headers: Record<string, string>, remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/login/', headers, payload: { email: c.email, password: 'not-the-password' }, remoteAddress });
    const kiswahili = await attempt(sw, '10.20.0.1');
    expect(kiswahili.statusCode).toBe(401);
    expect(kiswahili.json()).toEqual({ detail: 'Barua pepe au nenosiri si sahihi.' });
    expect(kiswahili.headers.vary).toMatch(/Accept-Language/);
    expect((await attempt({}, '10.20.0.2')).json()).toEqual({ detail: 'Invalid email or password.' });
    expect((await attempt({ 'accept-language': 'fr-FR' }, '10.20.0.3')).json()).toEqual({ detail: 'Invalid email or password.' });
  });

  it('says the minutes to wait after too many wrong passwords, in either language', async () => {
    const c = newCustomer();
    await register(t.app, c);
    let guess = 0;
    const attempt = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/login/', headers, payload: { email: c.email, password: `guess-${++guess}-xyz` }, remoteAddress: '10.21.0.1' });
    for (let i = 0; i < t.config.loginFailureLimit; i++) expect((await attempt({})).statusCode).toBe(401);
    const english = await attempt({});
    expect(english.statusCode).toBe(429);
    expect(english.json<{ detail: string }>().detail).toMatch(/^Too many failed attempts\. Try again in \d+ minutes\.$/);
    const kiswahili = await attempt({ 'accept-language': 'sw' });
    expect(kiswahili.json<{ detail: string }>().detail).toMatch(/^Umejaribu mara nyingi bila kufaulu\. Jaribu tena baada ya dakika \d+\.$/);
  });

  it('gives field errors in Kiswahili, values included, and in English without the header', async () => {
    const body = { username: 'a b', email: 'not-an-email', password1: 'short', password2: 'other' };
    const kiswahili = await t.app.inject({ method: 'POST', url: '/api/register/', headers: sw, payload: body });
    expect(kiswahili.statusCode).toBe(400);
    expect(kiswahili.json()).toEqual({
      username: ['Weka jina la mtumiaji sahihi. Litumie herufi, namba na alama @/./+/-/_ pekee.'],
      email: ['Weka barua pepe sahihi.'],
      password1: ['Nenosiri angalau herufi 8!'],
      password2: ['Manenosiri mawili hayalingani.'],
    });
    const english = await t.app.inject({ method: 'POST', url: '/api/register/', payload: body });
    expect(english.json()).toEqual({
      username: ['Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.'],
      email: ['Enter a valid email address.'],
      password1: ['Password minimum, 8 characters!'],
      password2: ["The two password fields didn't match."],
    });
    const c = await signedInCustomer(t.app);
    const tooMuch = await t.app.inject({ method: 'POST', url: '/api/deposit/', headers: { ...c.auth, ...sw }, payload: { username: c.buyerid, amount: 300_000, phone_number: '0712345678' } });
    expect(tooMuch.json()).toEqual({ amount: ['Hakikisha kiasi hiki hakizidi 250,000.'] });
  });

  it('says successful answers’ detail and an unknown address in Kiswahili too', async () => {
    const c = await signedInCustomer(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout/', headers: { ...c.auth, ...sw, cookie: `refresh_token=${c.cookie.value}` } });
    expect(out.json()).toEqual({ detail: 'Umetoka.' });
    expect((await t.app.inject({ url: '/api/videos/999999/', headers: sw })).json()).toEqual({ detail: 'Haikupatikana.' });
    expect((await t.app.inject({ url: '/api/videos/999999/' })).json()).toEqual({ detail: 'Not found.' });
  });

  it('tells a deposit’s M-Pesa outcome in Kiswahili, on the deposit and in /info', async () => {
    const c = await signedInCustomer(t.app);
    const started = await t.app.inject({ method: 'POST', url: '/api/deposit/', headers: { ...c.auth, ...sw }, payload: { username: c.buyerid, amount: 100, phone_number: '0798765432' } });
    expect(started.statusCode, started.body).toBe(200);
    const body = started.json<{ CheckoutRequestID: string; CustomerMessage: string; deposit: Deposit }>();
    expect(body.CustomerMessage).toBe('Weka PIN yako ya M-Pesa kukamilisha malipo.');
    expect(body.deposit.message).toBe('Tunasubiri M-Pesa: weka PIN yako ya M-Pesa kwenye simu yako.');
    await t.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${body.CheckoutRequestID}`, payload: { action: 'cancel' } });
    const status = async (headers: Record<string, string>) => (await t.app.inject({ url: `/api/deposit/${body.CheckoutRequestID}/`, headers: { ...c.auth, ...headers } })).json<Deposit>();
    await vi.waitFor(async () => expect((await status({})).state).toBe('cancelled'));
    expect((await status(sw)).message).toBe('Ulikataa ombi la M-Pesa. Hakuna pesa iliyokatwa.');
    expect((await status({})).message).toBe('You cancelled the M-Pesa prompt. Nothing was charged.');
    const info = (await t.app.inject({ url: '/api/info/', headers: { ...c.auth, ...sw } })).json<Info>();
    expect(info.deposit_history.map((d) => d.message)).toEqual(['Ulikataa ombi la M-Pesa. Hakuna pesa iliyokatwa.']);
    // M-Pesa's own words stay as M-Pesa said them.
    expect((await status(sw)).result_desc).toBe('Request cancelled by user');
  });
});
