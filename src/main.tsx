// The page's one script: small on purpose. It decides when the app (src/boot.tsx: React, Chakra,
// the router) starts, and registers the service worker once the page has loaded.
import { getSession } from '@/lib/auth-storage'
import { whenIdleAfterLoad } from '@/lib/idle'
import { whenInteracted } from '@/lib/when-interacted'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

const start = () => import('./boot').then(({ boot }) => boot(root))

// A prerendered public page already reads, scrolls and follows its links as plain HTML: for a
// visitor, the app takes it over when they first touch, type or point at it (its forms hold a
// submit made before then and send it once the app runs). A signed-in user, or any other page,
// needs the app at once (their header, a redirect, the page itself).
if (root.dataset.prerendered && !getSession()) {
  whenInteracted(root, start)
} else void start()

// The worker makes the next visit work offline. It installs once this page has loaded and the
// browser is idle, so it never competes with the page itself (the app's update prompt attaches to
// the same registration: components/update-prompt.tsx).
if ('serviceWorker' in navigator && import.meta.env.PROD)
  whenIdleAfterLoad(() => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('Service worker registration failed', error)
    })
  })
