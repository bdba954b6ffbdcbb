import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PASSWORD_HINT } from '@store/contract';
import { t } from '../../../lib/i18n.ts';
import { emptyPage, mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import AuthenticateScreen from './authenticate.tsx';
import PasswordResetScreen from './password-reset.tsx';

const app = (
  <Routes>
    <Route path="/account/authenticate" element={<AuthenticateScreen />} />
    <Route path="/account/password_reset/:slug" element={<PasswordResetScreen />} />
  </Routes>
);
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

describe('login, register and new password in Kiswahili', () => {
  it('says everything in Kiswahili and shows the server’s field errors as they come', async () => {
    const untranslated = speakKiswahili();
    // The server answers in the language the API client asked for (Accept-Language).
    mockApi((url) => (url.pathname === '/api/register/' ? json({ email: ['Mtumiaji mwenye barua pepe hii tayari yupo.'] }, 400) : emptyPage));
    renderApp(app, '/account/authenticate');
    expect(screen.getByRole('heading', { name: 'Akaunti' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Umesahau nenosiri' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Ingia' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nenosiri', { exact: false })).toHaveAttribute('type', 'password');

    fireEvent.click(screen.getByRole('tab', { name: 'Jisajili' }));
    expect(await screen.findByText('Nenosiri liwe na angalau herufi 8')).toBeInTheDocument();
    type('Jina la mtumiaji', 'kamau');
    type('Barua pepe', 'kamau@example.co.ke');
    type('Nenosiri', 'baobab-sunrise-88');
    fireEvent.click(screen.getByRole('button', { name: 'Jisajili' }));
    expect(await screen.findByText('Mtumiaji mwenye barua pepe hii tayari yupo.')).toBeInTheDocument();
    expect(screen.queryByText(/Register|Password|Login/)).toBeNull();
    expect(untranslated()).toEqual([]);
  });

  it('checks the login and the new password with the contract’s words in Kiswahili', async () => {
    const untranslated = speakKiswahili();
    mockApi(() => emptyPage);
    renderApp(app, '/account/authenticate');
    fireEvent.click(screen.getAllByRole('button', { name: 'Ingia' }).at(-1)!);
    expect(await screen.findAllByText('Sehemu hii inahitajika.')).toHaveLength(2);
    expect(untranslated()).toEqual([]);
  });

  it('tells a live match on the new password page in Kiswahili', async () => {
    speakKiswahili();
    mockApi(() => emptyPage);
    renderApp(app, '/account/password_reset/the-token');
    expect(screen.getByRole('heading', { name: 'Weka nenosiri jipya' })).toBeInTheDocument();
    type('Nenosiri jipya', 'baobab-sunrise-88');
    type('Thibitisha nenosiri', 'baobab-sunrise-8');
    expect(screen.getByRole('status')).toHaveTextContent('Manenosiri hayalingani.');
    type('Thibitisha nenosiri', 'baobab-sunrise-88');
    expect(screen.getByRole('status')).toHaveTextContent('Manenosiri yanalingana');
    type('Thibitisha nenosiri', 'baobab-sunrise-89');
    fireEvent.click(screen.getByRole('button', { name: 'Hifadhi nenosiri' }));
    expect(await screen.findByText('Manenosiri hayalingani!')).toBeInTheDocument();
  });

  it('keeps the contract’s password hint word for word in English', () => {
    expect(t('auth.password_hint')).toBe(PASSWORD_HINT);
  });
});
