// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, RecordContextProvider, ResourceContextProvider, SaveContextProvider, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../providers/i18n.ts';
import { messages } from './words.ts';
import { VideoForm } from './video-form.tsx';

/** This feature's words and the shared ones, as the app merges them. */
const i18nProvider = createI18nProvider([messages]);

const record = { id: 7, title: 'Mombasa Nights', season: null, dj_id: 1, genre_id: 1, cartegory: 'movie', rating: 'PG', price: 80, rent_price: null, rental_hours: 48, synopsis: 'A night on the coast.', synopsis_sw: null, suggest: false, popular: false, published: true };
const dataProvider = testDataProvider({
  getList: async () => ({ data: [{ id: 1, dj_name: 'Zamu', title: 'Action' }], total: 1 }) as never,
  getMany: async () => ({ data: [{ id: 1, dj_name: 'Zamu', title: 'Action' }] }) as never,
});

describe('the video form', () => {
  afterEach(() => cleanup());

  it('has a Kiswahili synopsis beside the English one, and saves it (issue 32 item 24)', async () => {
    const save = vi.fn();
    render(
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
        <ResourceContextProvider value="videos">
          <RecordContextProvider value={record}>
            <SaveContextProvider value={{ save, saving: false, mutationMode: 'pessimistic' }}>
              <VideoForm />
            </SaveContextProvider>
          </RecordContextProvider>
        </ResourceContextProvider>
      </AdminContext>,
    );
    expect(await screen.findByText(/left empty, they see the English synopsis/, undefined, { timeout: 10_000 })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Synopsis (Kiswahili)'), { target: { value: 'Usiku mmoja pwani.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save).toHaveBeenCalled(), { timeout: 10_000 });
    expect(save.mock.calls[0]![0]).toMatchObject({ synopsis: 'A night on the coast.', synopsis_sw: 'Usiku mmoja pwani.' });
  }, 30_000);
});
