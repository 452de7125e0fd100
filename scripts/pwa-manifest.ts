import type { ManifestOptions } from 'vite-plugin-pwa'

// The web app manifest of the installable PWA. vite-plugin-pwa writes it to
// dist/manifest.webmanifest and links it from index.html. Icons live in public/ and are made by
// scripts/make-icons.mjs.
export const manifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Tote — delivery marketplace',
  short_name: 'Tote',
  description:
    'Send items with deliverers heading your way, or earn by carrying items along your route.',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: '#0f766e',
  background_color: '#ffffff',
  categories: ['shopping', 'travel', 'business'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  // Long-press / right-click on the installed icon jumps straight to the deliverer's two lists;
  // a signed-out or non-deliverer user lands where the route guards send them.
  shortcuts: [
    {
      name: 'Available items',
      short_name: 'Available',
      url: '/available-items',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'My deliveries',
      short_name: 'Deliveries',
      url: '/my-deliveries',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
  ],
  // Chromium's richer install dialog: the built app as the demo deliverer, taken with
  // playwright-core + Debian's Chromium at these exact sizes (public/screenshots/).
  screenshots: [
    {
      src: '/screenshots/wide.png',
      sizes: '1280x720',
      type: 'image/png',
      form_factor: 'wide',
      label: 'The deliverer dashboard',
    },
    {
      src: '/screenshots/narrow.png',
      sizes: '390x844',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'Tote on a phone',
    },
  ],
}
