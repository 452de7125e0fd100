import { useState } from 'react'

/**
 * For a dialog whose code loads on first open: false until `open` first is, then true for good,
 * so the dialog stays mounted and animates its close.
 */
export function useOpenedOnce(open: boolean) {
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  return opened || open
}
