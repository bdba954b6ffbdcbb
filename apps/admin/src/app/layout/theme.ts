import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's look with the store's colours, dark enough for readable text (WCAG AA). */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1565c0' },
    secondary: { main: '#171c21' },
    // Chips and text buttons in these colours sit on white and on the grey form toolbar.
    error: { main: '#b71c1c' },
    warning: { main: '#9a4000' },
    info: { main: '#01579b' },
    success: { main: '#1b5e20' },
  },
  components: {
    ...defaultTheme.components,
    // The empty list's message is faded to half by default: too pale to read.
    // A wide table scrolls inside its card instead of widening the whole page on a phone.
    RaLayout: { styleOverrides: { root: { minWidth: 0, '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } } } },
    RaDatagrid: { styleOverrides: { root: { '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } } } },
    RaList: { styleOverrides: { root: { '& .RaList-main': { minWidth: 0 } } } },
    // On a phone the app bar's language button keeps its icons and drops its words (still its
    // accessible name), so the page's title is not cut short.
    RaLocalesMenuButton: { styleOverrides: { root: { '@media (max-width: 599.95px)': { '& .MuiButton-root': { fontSize: 0, minWidth: 0 }, '& .MuiButton-startIcon': { marginRight: 2 } } } } },
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { opacity: 1, color: 'rgba(0, 0, 0, 0.7)' } } } },
  },
};
