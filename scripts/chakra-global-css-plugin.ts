import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const entry = fileURLToPath(new URL('../src/entry-global-css.ts', import.meta.url))

/** Marks the stylesheet: src/components/ui/global-css.ts looks for it before Chakra inserts its own. */
const GLOBAL_CSS_ATTRIBUTE = 'data-chakra-global'

/**
 * Chakra's global stylesheet (layer order, reset, global styles, every token's variable) written
 * into the built index.html, so a start reads it instead of building and inserting ~45 KB of CSS
 * (decision 055). Every page is built from index.html, the prerendered ones too; the service
 * worker's revision of index.html covers it, so a theme change reaches an installed app.
 */
export function chakraGlobalCss(): Plugin {
  return {
    name: 'tote:chakra-global-css',
    apply: 'build',
    transformIndexHtml() {
      // Its own process: the system module and React's server renderer stay out of Vite's config.
      const css = execFileSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `const { chakraGlobalCss } = await import(${JSON.stringify(entry)}); process.stdout.write(chakraGlobalCss())`,
        ],
        { encoding: 'utf8', maxBuffer: 8 * 1024 * 1024 },
      )
      return [
        { tag: 'style', attrs: { [GLOBAL_CSS_ATTRIBUTE]: true }, children: css, injectTo: 'head' },
      ]
    },
  }
}
