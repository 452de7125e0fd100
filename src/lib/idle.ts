/** Runs `task` when the browser has a moment to spare (or after a second without that API). */
export function whenIdle(task: () => void) {
  if ('requestIdleCallback' in window) requestIdleCallback(() => task())
  else setTimeout(task, 1000)
}

/** Runs `task` once the page has loaded and the browser has a moment to spare. */
export function whenIdleAfterLoad(task: () => void) {
  if (document.readyState === 'complete') whenIdle(task)
  else window.addEventListener('load', () => whenIdle(task), { once: true })
}
