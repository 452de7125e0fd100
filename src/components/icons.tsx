import type { ReactNode } from 'react'

// Icons drawn as plain SVG (no styling library): the app's shell uses them, and so does the styling
// A/B's Panda page (bench/styling), which must not load Chakra.

/** The phone header's menu button. */
export function MenuIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
    </svg>
  )
}

/** The frame of the 20 px line icons of the navigation: their paths are drawn in the text colour. */
function LineIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  )
}

/** The bell of the phone header and the sidebar. */
export function BellIcon() {
  return (
    <LineIcon>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </LineIcon>
  )
}

/** The speech bubble of the Messages entry. */
export function ChatIcon() {
  return (
    <LineIcon>
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
    </LineIcon>
  )
}
