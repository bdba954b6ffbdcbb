import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '../../../test/render.tsx';
import ContactScreen from './contact.tsx';


describe('contact form', () => {
  afterEach(() => vi.useRealTimers());

  const fill = (values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
  };

  const valid = { Name: 'Amina', Email: 'amina@example.co.ke', 'Phone number': '0712345678', Message: 'Karibu!' };
  // The contract's schema is the form's: each field says what the server would say.
  it.each([
    [{ Email: 'ab' }, 'Email required!'],
    [{ Email: 'nope' }, 'Enter a valid email address.'],
    [{ Message: 'hi' }, 'Message required!'],
    [{ 'Phone number': '123' }, 'Enter a Kenyan mobile number, e.g. 0712 345 678.'],
    [{ Name: '' }, 'Name required!'],
  ])('refuses %j under its field and sends nothing', async (change, message) => {
    const fetchMock = mockApi(() => ({}));
    renderApp(<ContactScreen />);
    fill({ ...valid, ...change });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a good message and shows the toast for 6 seconds', async () => {
    const fetchMock = mockApi(() => ({ id: 1 }));
    renderApp(<ContactScreen />);
    fill({ Name: 'Amina', Email: 'amina@example.co.ke', 'Phone number': '0712345678', Message: 'Do you have subtitles?' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent successfully.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/message/');
    expect(JSON.parse(String(init!.body))).toMatchObject({ email: 'amina@example.co.ke', message: 'Do you have subtitles?' });
    expect(screen.getByLabelText('Email', { exact: false })).toHaveValue('');
    await act(async () => void vi.advanceTimersByTime(5500));
    expect(screen.getByText('Message sent successfully.')).toBeInTheDocument();
    await act(async () => void vi.advanceTimersByTime(500)); // 6 s: the toast starts to leave
    await act(async () => void vi.advanceTimersByTime(300)); // its exit transition ends
    expect(screen.queryByText('Message sent successfully.')).not.toBeInTheDocument();
  });

  it('shows the server field errors when it refuses', async () => {
    mockApi(() => new Response(JSON.stringify({ email: ['Enter a valid email address.'] }), { status: 400 }));
    renderApp(<ContactScreen />);
    fill({ Name: 'Amina', Email: 'amina@example.co.ke', 'Phone number': '0712345678', Message: 'Hello there' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
  });
});
