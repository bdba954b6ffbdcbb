import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';

// The static CSS of the shell and the first pages repeats the theme's values once, as variables; a change of colour in the
// theme must reach the header, the buttons and the video page too.
const css = readFileSync(path.join(import.meta.dirname, 'base.css'), 'utf8');
const variable = (name: string) => css.match(new RegExp(`--${name}:\\s*([^;]+);`))?.[1]?.trim();

describe("base.css's variables", () => {
  it("are the theme's colours, shadows and font", () => {
    const p = theme.palette;
    expect({
      primary: variable('primary'),
      'primary-dark': variable('primary-dark'),
      'primary-contrast': variable('primary-contrast'),
      secondary: variable('secondary'),
      'secondary-contrast': variable('secondary-contrast'),
      'secondary-dark': variable('secondary-dark'),
      success: variable('success'),
      'success-contrast': variable('success-contrast'),
      text: variable('text'),
      'text-secondary': variable('text-secondary'),
      divider: variable('divider'),
      hover: variable('hover'),
      selected: variable('selected'),
      disabled: variable('disabled'),
      'disabled-bg': variable('disabled-bg'),
      paper: variable('paper'),
      background: variable('background'),
      'grey-900': variable('grey-900'),
      font: variable('font'),
      'shadow-2': variable('shadow-2'),
      'shadow-4': variable('shadow-4'),
      'shadow-6': variable('shadow-6'),
      'shadow-8': variable('shadow-8'),
    }).toEqual({
      primary: p.primary.main,
      'primary-dark': p.primary.dark,
      'primary-contrast': p.primary.contrastText,
      secondary: p.secondary.main,
      'secondary-contrast': p.secondary.contrastText,
      'secondary-dark': p.secondary.dark,
      success: p.success.main,
      'success-contrast': p.success.contrastText,
      text: p.text.primary,
      'text-secondary': p.text.secondary,
      divider: p.divider,
      hover: p.action.hover,
      selected: p.action.selected,
      disabled: p.action.disabled,
      'disabled-bg': p.action.disabledBackground,
      paper: p.background.paper,
      background: p.background.default,
      'grey-900': p.grey[900],
      font: theme.typography.fontFamily,
      'shadow-2': theme.shadows[2],
      'shadow-4': theme.shadows[4],
      'shadow-6': theme.shadows[6],
      'shadow-8': theme.shadows[8],
    });
  });
});
