import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { emptyPage, mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import DjScreen from './dj.tsx';
import PopularScreen from './popular.tsx';

const app = (
  <Routes>
    <Route path="/dj/:dj" element={<DjScreen />} />
    <Route path="/popular/:dj" element={<PopularScreen />} />
  </Routes>
);

describe('a DJ’s page', () => {
  it('leads from its Popular tab to the seed’s /popular/{dj}, most bought first (linked from nowhere else), in Kiswahili too', async () => {
    mockApi(() => emptyPage);
    const untranslated = speakKiswahili();
    renderApp(app, '/dj/Nyota');
    expect(screen.queryByRole('link', { name: /Maarufu kwa DJ Nyota/ })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Maarufu' }));
    const link = await screen.findByRole('link', { name: 'Maarufu kwa DJ Nyota, zilizonunuliwa zaidi kwanza' });
    expect(link).toHaveAttribute('href', '/popular/Nyota');
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Maarufu kwa DJ Nyota' })).toBeInTheDocument();
    expect(untranslated()).toEqual([]);
  });
});
