// The system's provider: Material's own also carries the CSS-variables provider (about 3 KB gzipped),
// which a theme made without CSS variables, like ours, never uses.
import { ThemeProvider } from '@mui/system';
import type { ReactNode } from 'react';
import { theme } from './theme.ts';

/**
 * The MUI theme, for the parts of the store that use MUI components (every screen but the home page
 * and a video's page, the menu drawer, dialogs, notices). Loaded with them, not with the first
 * bundle: the shell and those two pages are plain elements with static CSS (decision 0028).
 */
export function Themed({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
