import { useState } from 'react';

/**
 * A key that changes each time `open` turns true. Give it to a Drawer or Modal so that every opening
 * mounts fresh: a closed antd Drawer or Modal keeps its header and footer with their animations
 * frozen, so a Save button whose loading icon was leaving stayed named "loading Save" when the
 * dialog opened again.
 */
export function useOpeningKey(open: boolean): number {
  const [opening, setOpening] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  // adjusting state while rendering, as React documents it, so the new key applies to this render
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpening((n) => n + 1);
  }
  return opening;
}
