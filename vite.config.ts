import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { fileURLToPath } from 'node:url'
import { manifest } from './scripts/pwa-manifest'

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { '@contract': here('./contract'), '@': here('./src') },
  },
  plugins: [
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
        injectManifest: {
          // The offline base map (country shapes) is precached so picking a point works with no network.
          globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2,geojson}'],
          // maplibre is lazy and large: cached at runtime when a map is first opened, not precached.
          globIgnores: ['**/maplibre*.js'],
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
    // Which chunks each route needs: the prerender preloads them for the page it writes.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
  },
}))
