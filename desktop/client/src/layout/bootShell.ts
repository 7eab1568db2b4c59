// index.html draws the signed-in first screen's skeleton before the client has loaded
// (shared/boot-shell.ts); the client removes it in the commit that draws the real layout, or the
// sign-in page, so the two are never seen together and the page keeps one h1.
import { useLayoutEffect } from 'react';
import { BOOT_ID } from '../../../../shared/boot-shell';

/** Removes index.html's skeleton when the calling component is first drawn. */
export function useBootShellGone(): void {
  useLayoutEffect(() => document.getElementById(BOOT_ID)?.remove(), []);
}
