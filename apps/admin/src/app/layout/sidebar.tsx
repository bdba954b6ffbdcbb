import { useEffect, useState } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Sidebar, useSidebarState, type SidebarProps } from 'react-admin';

/**
 * react-admin's sidebar, with the menu closed as the window narrows to a phone's. The open state is
 * one for both widths and starts open on a computer; at phone width an open menu is a modal drawer,
 * which hides the page (aria-hidden on #root) while it shows. Narrowing a window from 1280 to 360 px
 * rendered that drawer open for the one frame before react-admin's state caught up, and MUI left
 * #root hidden from screen readers although no drawer was on screen: every button of the back
 * office was gone for them. Here the first phone-width frame has the menu closed, and each width
 * starts with its own default (beside the page on a computer, closed on a phone).
 */
export function StoreSidebar(props: SidebarProps) {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useSidebarState();
  const [laidOutForPhone, setLaidOutForPhone] = useState(isPhone);
  useEffect(() => {
    if (laidOutForPhone === isPhone) return;
    setLaidOutForPhone(isPhone);
    setOpen(!isPhone);
  }, [isPhone, laidOutForPhone, setOpen]);
  return <Sidebar {...props} open={isPhone && !laidOutForPhone ? false : open} />;
}
