import { describe, expect, it } from 'vitest';
import { shortDisplayName } from './session.ts';

describe('the name in the header', () => {
  it.each([
    ['Wanjiku', 'wanj...'],
    ['AMY', 'amy'],
    ['Otis', 'otis'],
    ['  Kip  ', 'kip'],
    [null, 'anon...'],
    ['', 'anon...'],
  ])('shows %j as %j', (name, shown) => expect(shortDisplayName(name)).toBe(shown));
});
