import { describe, expect, it } from 'vitest';
import { bundleTitle, seasonName, synopsisIn, writtenIn } from './catalog-words.ts';

// The words as the Kiswahili catalog says them.
const sw = (id: string, v: Record<string, string | number> = {}) => ({ 'season.name': `Msimu wa ${v.n}`, 'season.all': `${v.series}: misimu yote` })[id] ?? id;

describe('words the store writes about the catalogue', () => {
  it('says "Season 2" in the language chosen, and leaves what staff wrote otherwise as written', () => {
    expect(seasonName(sw, 'Season 2')).toBe('Msimu wa 2');
    expect(seasonName(sw, 'season 10')).toBe('Msimu wa 10');
    expect(seasonName(sw, 'Msimu wa Kwanza')).toBe('Msimu wa Kwanza');
    expect(seasonName(sw, 'Season Finale')).toBe('Season Finale');
    expect(seasonName(sw, null)).toBeNull();
  });

  it('says the store’s own "all seasons" bundle in the language chosen, and a staff bundle as staff named it', () => {
    expect(bundleTitle(sw, { kind: 'all_seasons', title: 'Harvest: all seasons', videos: [{ title: 'Harvest' }] })).toBe('Harvest: misimu yote');
    expect(bundleTitle(sw, { kind: 'all_seasons', title: 'Harvest: all seasons', series: 'Harvest' })).toBe('Harvest: misimu yote');
    expect(bundleTitle(sw, { kind: 'staff', title: 'Weekend Bash', videos: [{ title: 'Harvest' }] })).toBe('Weekend Bash');
  });

  it('gives a Kiswahili reader staff’s Kiswahili synopsis where filled, the English one otherwise', () => {
    const video = { synopsis: 'A night on the coast.', synopsis_sw: 'Usiku mmoja pwani.' };
    expect(synopsisIn(video, 'sw')).toBe('Usiku mmoja pwani.');
    expect(synopsisIn(video, 'en')).toBe('A night on the coast.');
    expect(synopsisIn({ ...video, synopsis_sw: null }, 'sw')).toBe('A night on the coast.');
    expect(synopsisIn({ ...video, synopsis_sw: '  ' }, 'sw')).toBe('A night on the coast.');
  });

  it('gives a Kiswahili reader what staff wrote in Kiswahili where filled, the English otherwise', () => {
    expect(writtenIn('sw', 'Open on Jamhuri Day', 'Tuko wazi Siku ya Jamhuri')).toBe('Tuko wazi Siku ya Jamhuri');
    expect(writtenIn('en', 'Open on Jamhuri Day', 'Tuko wazi Siku ya Jamhuri')).toBe('Open on Jamhuri Day');
    expect(writtenIn('sw', 'Open on Jamhuri Day', null)).toBe('Open on Jamhuri Day');
  });
});
