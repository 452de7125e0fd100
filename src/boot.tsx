import { appReady } from '@/lib/app-ready'
import { yieldToMain } from '@/lib/idle'

/**
 * Starts the app in #root (src/main.tsx decides when). Its route is resolved first (code, guards,
 * saved data), so the first render is complete and happens in one go, in small slices (a
 * transition) so taps are answered in between:
 * - a prerendered public page is hydrated: React takes over the HTML already on screen;
 * - any other page, or a prerendered one that now leads elsewhere (a signed-in visitor on
 *   /login), is rendered from scratch.
 * Resolves once the first page is committed and React handles its events.
 */
export async function boot(root: HTMLElement) {
  // The start's modules are evaluated in steps, each a task of its own (the build's
  // strictExecutionOrder runs a module when it is first imported): the router and the route
  // table, then the styling system and its building, then React's renderer. At once, they were
  // one task of ~140 ms of CPU (~550 ms on a mid-range phone).
  const { createAppRouter } = await import('./router')
  const router = createAppRouter()
  await yieldToMain()
  const { getSystem } = await import('@/components/ui/system')
  await yieldToMain()
  getSystem()
  await yieldToMain()
  const [{ render }] = await Promise.all([import('./render-app'), router.load()])
  render(root, router)
  await appReady
  // For the browser tests and for anyone looking: the app now handles this page.
  document.documentElement.dataset.appReady = ''
}
