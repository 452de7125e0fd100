import { ChakraProvider } from '@chakra-ui/react'
import { CacheProvider, type EmotionCache } from '@emotion/react'
import type { ReactNode } from 'react'
import { providerSystem } from '@/components/ui/global-css'
import { getSystem } from '@/components/ui/system'

/**
 * What every page renders inside: Chakra's system. The prerender passes its own emotion cache
 * to collect the page's styles; the browser uses emotion's default cache (same key, 'css'),
 * which adopts those styles. The signed-in layout adds the query client (routes/_app.tsx).
 */
export function AppProviders({
  emotionCache,
  children,
}: {
  emotionCache?: EmotionCache
  children: ReactNode
}) {
  const app = (
    <ChakraProvider value={providerSystem(getSystem(), emotionCache !== undefined)}>
      {children}
    </ChakraProvider>
  )
  return emotionCache ? <CacheProvider value={emotionCache}>{app}</CacheProvider> : app
}
