import type { Plugin } from 'vite'

interface Patch {
  /** The end of the module's path inside node_modules/@chakra-ui/react. */
  file: string
  from: string
  to: string
}

/**
 * Two changes to Chakra's own code, made while bundling (decision 055), each the same result done
 * with less work at every start of the app:
 * - `createSystem` built the global stylesheet's objects (reset, global styles, every token's
 *   variable, light and dark) at once; only Chakra's provider reads them, and the built app takes
 *   that stylesheet from index.html (chakra-global-css-plugin.ts). They are built on first read.
 * - A condition check (`conditions.has`, run for every key of every style object) copied the list
 *   of ~80 conditions into a new array on each call; it asks a Set built once.
 * A Chakra update that changes either spot fails the build here: check the new code, then adapt.
 */
const patches: Patch[] = [
  {
    file: '/dist/esm/styled-system/system.js',
    from: 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];',
    to: 'let _globalBuilt;',
  },
  {
    file: '/dist/esm/styled-system/system.js',
    from: '    _global,\n',
    to: '    get _global() {\n      return _globalBuilt ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n',
  },
  {
    file: '/dist/esm/styled-system/conditions.js',
    from: '  function has(key) {\n    return keys().includes(key) ||',
    to: '  const known = new Set(Object.keys(values));\n  function has(key) {\n    return known.has(key) ||',
  },
]

/**
 * Chakra's module at `path` with the patches for it applied; null when none is for it. Throws
 * when a patch no longer finds its code. `applied` collects the patches used.
 */
export function patchChakra(code: string, path: string, applied?: Set<Patch>): string | null {
  const normalised = path.replaceAll('\\', '/')
  if (!normalised.includes('/node_modules/@chakra-ui/react/')) return null
  const mine = patches.filter((patch) => normalised.endsWith(patch.file))
  if (mine.length === 0) return null
  let patched = code
  for (const patch of mine) {
    if (!patched.includes(patch.from))
      throw new Error(`Chakra's ${patch.file} has changed: "${patch.from}" is not there`)
    patched = patched.replace(patch.from, patch.to)
    applied?.add(patch)
  }
  return patched
}

export function chakraStartPatches(): Plugin {
  const applied = new Set<Patch>()
  let ssr = false
  return {
    name: 'tote:chakra-start-patches',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr)
    },
    transform(code, id) {
      const patched = patchChakra(code, id, applied)
      return patched === null ? null : { code: patched, map: null }
    },
    buildEnd(error) {
      // The server's prerender build leaves node_modules to Node: nothing of Chakra's is bundled.
      if (error || ssr) return
      const missed = patches.filter((patch) => !applied.has(patch))
      if (missed.length)
        this.error(`Chakra's ${missed[0]?.file} was not bundled: the patch missed it`)
    },
  }
}
