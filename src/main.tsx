// The page's one script: small on purpose. It decides when the app (src/boot.tsx: React, Chakra,
// the router) starts, and registers the service worker once the page has loaded.
import { getSession } from '@/lib/auth-storage'
import { whenIdleAfterLoad, whenInteracted } from '@/lib/when-interacted'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

const start = () => import('./boot').then(({ boot }) => boot(root))

// A prerendered public page already reads, scrolls and follows its links as plain HTML: for a
// visitor, the app takes it over when they first touch, type or point at it (its forms hold a
// submit made before then and send it once the app runs). A signed-in user, or any other page,
// needs the app at once (their header, a redirect, the page itself).
if (root.dataset.prerendered && !getSession()) {
  whenInteracted(root, start)
  // Fetched (not run) once the page has loaded and the browser is idle: the first tap then only
  // waits for the app to run, not to download.
  whenIdleAfterLoad(() => {
    const code = document.querySelector<HTMLMetaElement>('meta[name="tote-app-code"]')?.content
    for (const href of code?.split(' ').filter(Boolean) ?? []) {
      const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href })
      document.head.append(link)
    }
  })
} else void start()

// The worker makes the next visit work offline; it installs once this page has loaded.
if ('serviceWorker' in navigator && import.meta.env.PROD)
  whenIdleAfterLoad(() => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('Service worker registration failed', error)
    })
  })
