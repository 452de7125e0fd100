import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { fileURLToPath } from 'node:url'
import { chakraGlobalCss } from './scripts/chakra-global-css-plugin'
import { chakraStartPatches } from './scripts/chakra-start-patches'
import { manifest } from './scripts/pwa-manifest'

/**
 * Fewer, larger chunks (decision 049): a signed-in start fetched ~90 chunks, most under 2 KB,
 * each a request, a preload link and a precache entry. Code every signed-in start runs is grouped
 * by what it is (libraries, UI kit, shared app code) and routes by role; what only some moments
 * need (the map, the QR reader, Stripe, the local database) keeps its own chunks, and so does the
 * entry script of a public page (first visit: about 12 KB).
 */
const lazyOnly =
  /[\\/]node_modules[\\/](maplibre-gl|react-map-gl|@vis\.gl|@stripe|qr|dexie|workbox-window)[\\/]|[\\/]src[\\/](components[\\/](maplibre-view|qr-code)|lib[\\/](db\.ts|outbox[\\/]|offline[\\/]|auth-storage|idle|when-interacted)|main\.tsx)/
/**
 * What every start runs to match a URL: the route files' own code (TanStack Router moves their
 * loaders and components into '?tsr-split' modules) and the search parsers it calls. In a role's
 * chunk they made every start import every role's chunk (a deliverer's start loaded the sender's
 * and the admin's pages): they belong to 'app', whose priority wins over the roles' groups, and a
 * role's chunk loads when one of its pages does.
 */
const routeTable =
  /[\\/]src[\\/](routes[\\/][^?]*$|features[\\/][^\\/]+[\\/][^\\/]*search[^\\/]*\.ts$)/
const group = (name: string, pattern: RegExp, priority: number, options = {}) => ({
  name,
  priority,
  ...options,
  test: (id: string) => pattern.test(id) && !lazyOnly.test(id),
})
const chunkGroups = [
  // The QR reader only a deliverer's handoff opens: named here, so the worker leaves it out of the
  // install (sw/role-chunks.ts) by this name, not by the library's file name.
  {
    name: 'qr-reader',
    priority: 21,
    test: (id: string) => /[\\/]node_modules[\\/]qr[\\/]decode\.js$/.test(id),
  },
  group('vendor', /[\\/]node_modules[\\/]/, 20),
  group('sender', /[\\/]src[\\/](features[\\/]sender|routes[\\/]_app[\\/]_sender)/, 15),
  group(
    'deliverer',
    /[\\/]src[\\/](features[\\/](deliverer|trips)|routes[\\/]_app[\\/](_deliverer|my-deliveries|rejected-requests))/,
    15,
  ),
  group('admin', /[\\/]src[\\/](features[\\/]admin|routes[\\/]_app[\\/]_admin)/, 15),
  group(
    'account',
    // /payment-method is both roles' (a sender's receipts, a deliverer's earnings, which the
    // deliverer's delivery page shows too): with the sender's pages, every deliverer loaded them.
    /[\\/]src[\\/](features[\\/](profile|notifications|messages|ratings|payment-method)|routes[\\/]_app[\\/](profile|notifications|payment-method))/,
    15,
  ),
  group(
    'pages',
    /[\\/]src[\\/](features[\\/](public-pages|auth|recipient)|routes[\\/]_public)/,
    15,
  ),
  group(
    'app',
    new RegExp(
      `${/[\\/](src[\\/](components|lib|features[\\/]shell)[\\/]|src[\\/]routes[\\/](_app|__root)\.tsx|contract[\\/])/.source}|${routeTable.source}`,
    ),
    16,
  ),
]

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { '@contract': here('./contract'), '@': here('./src') },
  },
  plugins: [
    chakraGlobalCss(),
    chakraStartPatches(),
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/route-tree.gen.ts',
      autoCodeSplitting: true,
      // Loaders too: theirs are the signed-in pages' data calls (ky, the query client), which a
      // first visit to a public page must not download.
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
      },
      quoteStyle: 'single',
    }),
    react(),
    // The prerender's SSR build (scripts/build.mjs) makes no service worker of its own.
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        manifest,
        // The home-screen icons are the installer's business (the browser fetches them itself);
        // precaching them only adds requests to the install (decision 013).
        includeManifestIcons: false,
        injectManifest: {
          // What the app needs offline. The map (maplibre and the offline base map) is listed too
          // but cached after the first signed-in page, not at install (sw/map-warmup.ts); the
          // install screenshots and home-screen icons are not needed offline.
          // mjs: MapLibre's worker file, which the map loads by URL (decision 013).
          globPatterns: ['**/*.{js,mjs,css,html,svg,ico,webmanifest,woff2,geojson}', 'favicon.*'],
          globIgnores: ['prerendered/**', 'screenshots/**'],
          // The install's order (sw/precache.ts, six at a time): files with a revision first (they
          // are always fetched fresh), then the largest, so no large download starts last.
          manifestTransforms: [
            (entries) => ({
              manifest: [...entries].sort(
                (a, b) => Number(!a.revision) - Number(!b.revision) || b.size - a.size,
              ),
            }),
          ],
        },
        devOptions: { enabled: false },
      }),
  ],
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    copyPublicDir: !isSsrBuild,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          treeshake: { manualPureFunctions: ['defineConfig', 'createAnatomy'] },
          output: {
            codeSplitting: { groups: chunkGroups, includeDependenciesRecursively: false },
            strictExecutionOrder: true,
          },
        },
  },
}))
