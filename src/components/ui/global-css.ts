import type { SystemContext } from '@chakra-ui/react'

/**
 * The build writes Chakra's global stylesheet into index.html under this attribute
 * (scripts/chakra-global-css-plugin.ts, decision 055): layer order, reset, global styles and
 * every token's variable.
 */
const GLOBAL_CSS_SELECTOR = 'style[data-chakra-global]'

const withoutGlobal = new WeakMap<SystemContext, SystemContext>()

/**
 * The system for Chakra's provider. When the page carries the built stylesheet (the built app,
 * and the prerender, whose pages are made from the built index.html), the provider is given no
 * global styles: it would otherwise serialise, hash, parse and insert ~45 KB of CSS at every
 * start. Without it (the dev server, unit tests) Chakra builds and inserts them as usual.
 */
export function providerSystem(system: SystemContext, prerendering: boolean): SystemContext {
  const inPage = prerendering || document.querySelector(GLOBAL_CSS_SELECTOR) !== null
  if (!inPage) return system
  let copy = withoutGlobal.get(system)
  if (!copy) {
    // The provider reads only these two: `_global` for the stylesheet, `disableLayers` for the
    // layer order (which the built stylesheet starts with); recipes keep their layers. Copied by
    // descriptor: in the built app `_global` is a getter (scripts/chakra-start-patches.ts) that
    // spreading would call, building what this skips.
    copy = Object.defineProperties(
      Object.defineProperties({}, Object.getOwnPropertyDescriptors(system)),
      {
        _global: { value: [] },
        _config: { value: { ...system._config, disableLayers: true } },
      },
    ) as SystemContext
    withoutGlobal.set(system, copy)
  }
  return copy
}
