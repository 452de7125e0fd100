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
  },
}))
