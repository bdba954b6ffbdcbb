import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

/** A phone's width (under 600 px): lists show as SimpleList rows instead of tables wider than the screen. */
export const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
