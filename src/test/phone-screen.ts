/**
 * Makes useIsPhone answer true (jsdom has no matchMedia, so lists render their desktop tables);
 * returns the undo. Tests of the phone cards call it before rendering and undo it in `finally`.
 */
export function pretendPhoneScreen(): () => void {
  const original = window.matchMedia
  window.matchMedia = ((query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia
  return () => {
    window.matchMedia = original
  }
}
