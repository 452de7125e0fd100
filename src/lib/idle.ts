/**
 * Runs `task` when the browser has a moment to spare (or after a second without that API).
 * Answers a function that cancels it: a component that asked must cancel when it unmounts.
 */
export function whenIdle(task: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = requestIdleCallback(() => task())
    return () => cancelIdleCallback(handle)
  }
  const timer = setTimeout(task, 1000)
  return () => clearTimeout(timer)
}

/** Runs `task` once the page has loaded and the browser has a moment to spare. */
export function whenIdleAfterLoad(task: () => void) {
  if (document.readyState === 'complete') whenIdle(task)
  else window.addEventListener('load', () => whenIdle(task), { once: true })
}
