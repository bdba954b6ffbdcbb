import { createTheme } from '@mui/material/styles';

/** Dark, high-contrast and light on ink: most customers watch at night on small screens. */
export const theme = createTheme({
  palette: {
    mode: 'dark',
    primary: { main: '#4fc3f7' },
    secondary: { main: '#ffd54f' },
    background: { default: '#101418', paper: '#171c21' },
  },
  breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif' },
  // Prices read 'Ksh 200', never 'KSH 200' (CONTRACT §6).
  components: { MuiButton: { styleOverrides: { root: { textTransform: 'none', fontWeight: 700 } } } },
});
