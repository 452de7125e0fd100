import { useSyncExternalStore } from 'react'

/** The user's choice; 'system' follows the device (prefers-color-scheme). */
export type ColorModeChoice = 'system' | 'light' | 'dark'

/** Also read by the inline script in index.html, which applies it before the first paint and again
 * when the device switches, on every page; this module applies a choice the user makes. */
const COLOR_MODE_KEY = 'tote.color-mode'
const DARK_QUERY = '(prefers-color-scheme: dark)'

function colorModeChoice(): ColorModeChoice {
  try {
    const stored = localStorage.getItem(COLOR_MODE_KEY)
    return stored === 'light' || stored === 'dark' ? stored : 'system'
  } catch {
    return 'system'
  }
}

const systemDark = () => window.matchMedia?.(DARK_QUERY).matches ?? false

/** Chakra's dark tokens follow a `dark` class on <html>; forms and scrollbars follow color-scheme. */
function apply() {
  const choice = colorModeChoice()
  const dark = choice === 'dark' || (choice === 'system' && systemDark())
  const root = document.documentElement
  root.classList.toggle('dark', dark)
  root.classList.toggle('light', !dark)
  root.style.colorScheme = dark ? 'dark' : 'light'
}

const listeners = new Set<() => void>()

export function setColorModeChoice(choice: ColorModeChoice) {
  try {
    if (choice === 'system') localStorage.removeItem(COLOR_MODE_KEY)
    else localStorage.setItem(COLOR_MODE_KEY, choice)
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  apply()
  for (const listener of listeners) listener()
}

// Only the user's choice is a snapshot here: a switch of the device leaves it 'system', and the
// inline script in index.html applies that switch to the page itself.
function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export const useColorModeChoice = () =>
  useSyncExternalStore(subscribe, colorModeChoice, () => 'system' as const)

/** Whether the page is dark now (for what draws its own colours, such as the map). */
export const isDark = () => document.documentElement.classList.contains('dark')
