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

/**
 * Lets the browser handle input and paint before the caller goes on: a start split into a few
 * such steps is a few short tasks instead of one long one (a tap is answered in between).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
