import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'

/**
 * The styling A/B (scripts/styling-ab.mjs, docs/decisions/050): the sender's dashboard built with
 * Chakra (chakra/index.html) and with Panda CSS (panda/index.html), two entries of one production
 * build in .tmp/styling-ab/, React and the shared data in the chunk both load. The Panda page's
 * CSS is written before, by `panda cssgen` (npm run styling-ab:codegen), and only minified here.
 */
const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))

export default defineConfig({
  root: here('.'),
  base: '/',
  logLevel: 'warn',
  resolve: {
    alias: { '@contract': here('../../contract'), '@': here('../../src') },
  },
  plugins: [react()],
  build: {
    target: 'es2022',
    outDir: here('../../.tmp/styling-ab'),
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      input: { chakra: here('chakra/index.html'), panda: here('panda/index.html') },
      output: { chunkFileNames: 'assets/shared-[hash].js' },
    },
  },
})
