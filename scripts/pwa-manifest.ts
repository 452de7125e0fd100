import type { ManifestOptions } from 'vite-plugin-pwa'

// The web app manifest of the installable PWA. vite-plugin-pwa writes it to
// dist/manifest.webmanifest and links it from index.html. Icons live in public/ and are made by
// scripts/make-icons.mjs.
export const manifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Tote — delivery marketplace',
  short_name: 'Tote',
  description:
    'Send items with travellers heading your way, or earn by carrying items along your route.',
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
}
