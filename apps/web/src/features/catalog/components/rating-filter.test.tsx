import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { RatingFilter } from './rating-filter.tsx';

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

describe('the age-rating filter of a list', () => {
  it('filters a list by rating in its address (?rating=GE,PG), All ages clearing it', () => {
    renderApp(
      <Routes>
        <Route path="/new" element={<><RatingFilter /><Where /></>} />
      </Routes>,
      '/new',
    );
    fireEvent.click(screen.getByRole('button', { name: 'PG: parental guidance' }));
    fireEvent.click(screen.getByRole('button', { name: 'GE: for everyone' }));
    expect(screen.getByTestId('where').textContent).toBe('?rating=GE%2CPG');
    expect(screen.getByRole('button', { name: 'GE: for everyone' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'All ages' }));
    expect(screen.getByTestId('where').textContent).toBe('');
  });
});
