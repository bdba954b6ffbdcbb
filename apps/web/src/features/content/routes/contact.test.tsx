import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '../../../test/render.tsx';
import ContactScreen, { validateContact } from './contact.tsx';

const valid = { name: 'Amina', email: 'amina@example.co.ke', phone_number: '0712345678', message: 'Karibu!' };

describe('contact validation', () => {
  it.each([
    [{ email: 'ab' }, 'email', 'Email required!'],
    [{ email: 'nope' }, 'email', 'Enter a valid email address.'],
    [{ message: 'hi' }, 'message', 'Message required!'],
    [{ phone_number: '123' }, 'phone_number', 'Enter a Kenyan mobile number, e.g. 0712 345 678.'],
    [{ name: '' }, 'name', 'Name required!'],
  ])('refuses %j', (change, field, message) => {
    expect(validateContact({ ...valid, ...change })).toEqual({ [field]: message });
  });
  it('accepts a complete message', () => expect(validateContact(valid)).toEqual({}));
});

describe('contact form', () => {
  afterEach(() => vi.useRealTimers());

  const fill = (values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
  };

  it('shows the problems and sends nothing when the form is wrong', () => {
    const fetchMock = mockApi(() => ({}));
    renderApp(<ContactScreen />);
    fill({ Name: 'Amina', Email: 'ab', 'Phone number': '0712345678', Message: 'hi' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Email required!')).toBeInTheDocument();
    expect(screen.getByText('Message required!')).toBeInTheDocument();
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
