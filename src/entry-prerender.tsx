// Build-time only (scripts/prerender.mjs, after `vite build --ssr`): renders a public page to HTML
// with the styles it uses, the way the browser's first render will produce it.
import createCache from '@emotion/cache'
import createEmotionServer from '@emotion/server/create-instance'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { AppProviders } from './app-providers'
import { createAppRouter } from './router'

export { PRERENDERED_PAGES } from '@/lib/public-pages'

export interface HeadTag {
  tag: 'title' | 'meta' | 'link'
  attrs: Record<string, string>
  text?: string
}

export interface PrerenderedPage {
  /** The page's markup, to go inside #root. */
  html: string
  /** The emotion <style> tags of the page's components (Chakra's global stylesheet is in index.html). */
  styles: string
  /** Title, meta and link tags of the matched routes' head(), the deepest winning. */
  head: HeadTag[]
  /** The path the router settled on (a redirect shows up here). */
  path: string
  /** Route ids matched, to preload their code. */
  routeIds: string[]
}

const noServices = () => Promise.reject(new Error('A public page does not load the app services'))

export async function prerender(path: string): Promise<PrerenderedPage> {
  const cache = createCache({ key: 'css' })
  const emotion = createEmotionServer(cache)
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [path] }),
    appServices: noServices,
    prerendering: true,
  })
  await router.load()
  const html = renderToString(
    <AppProviders emotionCache={cache}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html))

  const head = new Map<string, HeadTag>()
  for (const match of router.state.matches) {
    for (const meta of match.meta ?? []) {
      if (!meta) continue
      if ('title' in meta && typeof meta.title === 'string')
        head.set('title', { tag: 'title', attrs: {}, text: meta.title })
      else {
        const attrs = Object.fromEntries(
          Object.entries(meta).filter(([, v]) => typeof v === 'string'),
        ) as Record<string, string>
        const key = attrs.name ?? attrs.property
        if (key) head.set(`meta:${key}`, { tag: 'meta', attrs })
      }
    }
    for (const link of match.links ?? []) {
      const attrs = Object.fromEntries(
        Object.entries(link ?? {}).filter(([, v]) => typeof v === 'string'),
      ) as Record<string, string>
      if (attrs.rel) head.set(`link:${attrs.rel}`, { tag: 'link', attrs })
    }
  }
  return {
    html,
    styles,
    head: [...head.values()],
    path: router.state.location.pathname,
    routeIds: router.state.matches.map((m) => m.routeId),
  }
}
