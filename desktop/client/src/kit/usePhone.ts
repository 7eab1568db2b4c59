// The phone layout (issue 28): below antd's `md` breakpoint (768 px) the menu is a drawer behind a
// header button, lists show cards, filters wait behind a button and drawers fill the screen.
// matchMedia rather than antd's Grid.useBreakpoint: it answers on the first render, so a desktop
// never renders the phone layout for a frame.
import { useSyncExternalStore } from 'react';

const PHONE = '(max-width: 767.98px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the screen is narrower than antd's md breakpoint. */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(PHONE).matches);
}

/** A drawer's size: `desktop` pixels, or the whole width on a phone. */
export function useDrawerSize(desktop: number): number | string {
  return usePhone() ? '100%' : desktop;
}
