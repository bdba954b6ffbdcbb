import { afterEach, describe, expect, it } from 'vitest';
import { setViewportWidth } from '../../../test/setup.ts';
import { initialQuality, rememberQuality } from './quality-preference.ts';

function setConnection(c: { saveData?: boolean; effectiveType?: string } | undefined) {
  Object.defineProperty(navigator, 'connection', { value: c, configurable: true });
}

describe('the first quality the player picks', () => {
  afterEach(() => {
    localStorage.clear();
    setConnection(undefined);
    setViewportWidth(1280);
  });

  it('is the data-saver rung on a phone, and automatic on a wide screen', () => {
    setViewportWidth(360);
    expect(initialQuality()).toBe('data-saver');
    setViewportWidth(1280);
    expect(initialQuality()).toBe('auto');
  });

  it('is the data-saver rung on a slow connection or with Data Saver on, whatever the screen', () => {
    setConnection({ effectiveType: '3g' });
    expect(initialQuality()).toBe('data-saver');
    setConnection({ effectiveType: '4g', saveData: true });
    expect(initialQuality()).toBe('data-saver');
    setConnection({ effectiveType: '4g' });
    expect(initialQuality()).toBe('auto');
  });

  it('is what the customer chose before on this device', () => {
    setViewportWidth(360);
    rememberQuality(480);
    expect(initialQuality()).toBe(480);
    rememberQuality('auto');
    expect(initialQuality()).toBe('auto');
  });
});
