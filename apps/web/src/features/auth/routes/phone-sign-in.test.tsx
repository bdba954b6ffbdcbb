import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import AuthenticateScreen from './authenticate.tsx';

function Where() {
  const location = useLocation();
  return <p>{`at ${location.pathname}${location.search}`}</p>;
}
const app = (
  <Routes>
    <Route path="/account/authenticate" element={<AuthenticateScreen />} />
    <Route path="*" element={<Where />} />
  </Routes>
);
const signedIn = { is_staff: false, tokens: { access: 'a', refresh: 'r' }, username: 'achieng', purchase: [], profile: { profile_pic: null, language: null } };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const bodies = (fetchMock: ReturnType<typeof mockApi>, path: string) => fetchMock.mock.calls.filter(([u]) => String(u) === path).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('signing in by phone', () => {
  it('asks for the number, then the SMS code, and signs in where the customer was going', async () => {
    const fetchMock = mockApi((url) => {
      if (url.pathname === '/api/login/phone/') return json({ detail: 'If this number has an account, we sent it a code by SMS. It works for 5 minutes.' }, 202);
      if (url.pathname === '/api/login/phone/verify/') return signedIn;
      return { count: 0, next: null, previous: null, results: [] };
    });
    renderApp(app, '/account/authenticate?next=%2Fvideo%2F31');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with your phone' }));
    const phone = screen.getByLabelText('Phone number', { exact: false });
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAttribute('autocomplete', 'tel');
    // The contract's own check, before a round trip.
    await userEvent.type(phone, '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText('Enter a Kenyan mobile number, e.g. 0712 345 678.')).toBeInTheDocument();
    expect(bodies(fetchMock, '/api/login/phone/')).toEqual([]);

    await userEvent.clear(phone);
    await userEvent.type(phone, '0712 345 678');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText('If 0712345678 has an account, a code is on its way by SMS.')).toBeInTheDocument();
    expect(bodies(fetchMock, '/api/login/phone/')).toEqual([{ phone_number: '254712345678' }]);

    const code = screen.getByLabelText('Code from the SMS', { exact: false });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('at /video/31')).toBeInTheDocument();
    expect(bodies(fetchMock, '/api/login/phone/verify/')).toEqual([{ phone_number: '254712345678', code: '123456' }]);
    expect(localStorage.getItem('authorized')).toBe('true');
    expect(localStorage.getItem('user')).toBe('"achieng"');
  });

  it('shows a wrong code under the field and a 429’s wait, and sends a new code; in Kiswahili', async () => {
    const untranslated = speakKiswahili();
    let tries = 0;
    const fetchMock = mockApi((url) => {
      if (url.pathname === '/api/login/phone/') return json({ detail: 'Ikiwa nambari hii ina akaunti, tumeitumia nambari ya siri kwa SMS. Inafanya kazi kwa dakika 5.' }, 202);
      if (url.pathname === '/api/login/phone/verify/') {
        tries++;
        return tries === 1
          ? json({ code: ['Nambari hiyo si sahihi. Angalia SMS kisha ujaribu tena.'] }, 400)
          : json({ detail: 'Nambari nyingi mno si sahihi: hii haifanyi kazi tena. Omba nambari mpya baada ya dakika 15.' }, 429);
      }
      return { count: 0, next: null, previous: null, results: [] };
    });
    renderApp(app, '/account/authenticate?with=phone');
    expect(screen.getByRole('form', { name: 'Ingia kwa simu yako' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Nambari ya simu', { exact: false }), '0712345678');
    await userEvent.click(screen.getByRole('button', { name: 'Nitumie nambari ya siri' }));
    expect(await screen.findByText('Ikiwa 0712345678 ina akaunti, nambari ya siri inakuja kwa SMS.')).toBeInTheDocument();

    const code = screen.getByLabelText('Nambari kutoka kwa SMS', { exact: false });
    await userEvent.type(code, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Ingia' }));
    expect(await screen.findByText('Andika nambari ya tarakimu 6 iliyo kwenye SMS.')).toBeInTheDocument();
    await userEvent.type(code, '3456');
    await userEvent.click(screen.getByRole('button', { name: 'Ingia' }));
    expect(await screen.findByText('Nambari hiyo si sahihi. Angalia SMS kisha ujaribu tena.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ingia' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Omba nambari mpya baada ya dakika 15.');
    expect(localStorage.getItem('authorized')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Tuma nambari mpya' }));
    expect(bodies(fetchMock, '/api/login/phone/')).toEqual([{ phone_number: '254712345678' }, { phone_number: '254712345678' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Tumia nambari nyingine' }));
    expect(screen.getByLabelText('Nambari ya simu', { exact: false })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ingia kwa barua pepe badala yake' }));
    expect(screen.getByLabelText('Nenosiri', { exact: false })).toBeInTheDocument();
    expect(untranslated()).toEqual([]);
  });
});
