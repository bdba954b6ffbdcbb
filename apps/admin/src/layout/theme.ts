import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's look with the store's colours, dark enough for readable text (WCAG AA). */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1565c0' },
    secondary: { main: '#171c21' },
  },
};
