import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's look with the store's colours, dark enough for readable text (WCAG AA). */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1565c0' },
    secondary: { main: '#171c21' },
  },
  components: {
    ...defaultTheme.components,
    // The empty list's message is faded to half by default: too pale to read.
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { opacity: 1, color: 'rgba(0, 0, 0, 0.7)' } } } },
  },
};
