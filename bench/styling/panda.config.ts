import { defineConfig, defineUtility, type SystemStyleObject } from '@pandacss/dev'
import { getSystem } from '../../src/components/ui/system'

/**
 * The Panda build of the A/B page (docs/decisions/050): the app's own Chakra theme, read from
 * src/components/ui/system.ts (brand palette, trimmed palettes, tap-size recipes), given to Panda
 * as it is. Chakra v3's theme is written in Panda's format (tokens, semantic tokens, recipes,
 * conditions), so nothing is translated by hand but four utilities, the light condition
 * and the reset (Chakra's own); Panda extracts the CSS at build time and the page injects none at
 * run time.
 */
const system = getSystem()
const chakra = system._config
const theme = chakra.theme ?? {}

/** Chakra's `_light` values are the defaults: Panda's `base` (the html element has no class). */
function lightAsBase(node: unknown): unknown {
  if (Array.isArray(node) || typeof node !== 'object' || node === null) return node
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key === '_light' ? 'base' : key,
      lightAsBase(value),
    ]),
  )
}

/** Chakra's focus rings (its styled-system's utilities; Panda has no such property). */
const focusRing = (selector: string) =>
  defineUtility({
    values: ['outside', 'inside', 'none'],
    transform(value: string, { token }) {
      const color = token('colors.colorPalette.focusRing')
      const ring: Record<string, SystemStyleObject> = {
        outside: {
          outlineWidth: 'var(--focus-ring-width, 2px)',
          outlineOffset: 'var(--focus-ring-offset, 2px)',
          outlineStyle: 'var(--focus-ring-style, solid)',
          outlineColor: 'var(--focus-ring-color)',
        },
        inside: {
          outlineOffset: '0px',
          outlineWidth: 'var(--focus-ring-width, 1px)',
          outlineColor: 'var(--focus-ring-color)',
          outlineStyle: 'var(--focus-ring-style, solid)',
          borderColor: 'var(--focus-ring-color)',
        },
        none: { outline: 'none' },
      }
      return { '--focus-ring-color': color, [selector]: ring[value] ?? ring.outside } as never
    },
  })

const { base: _base, ...breakpoints } = theme.breakpoints ?? {}
const recipes = theme.recipes ?? {}
const slotRecipes = theme.slotRecipes ?? {}

export default defineConfig({
  // Panda's base utilities and patterns, none of its own tokens: the theme is Chakra's.
  presets: ['@pandacss/preset-base'],
  // Chakra's reset rather than Panda's (which, for one, balances the lines of headings).
  preflight: false,
  include: ['./panda/**/*.tsx'],
  outdir: 'styled-system',
  jsxFramework: 'react',
  cssVarRoot: ':where(html, .chakra-theme)',
  conditions: {
    extend: {
      ...chakra.conditions,
      light: '.light &',
    },
  },
  globalCss: { ...system.getPreflightCss(), ...chakra.globalCss } as never,
  utilities: {
    extend: {
      focusRing: focusRing('&:is(:focus, [data-focus])'),
      focusVisibleRing: focusRing('&:is(:focus-visible, [data-focus-visible])'),
      // Chakra writes `outline: none` as it is; Panda makes it a transparent 2 px outline.
      outline: {
        className: 'ring',
        values: 'borders',
        transform: (value: string) => ({ outline: value }),
      },
      // Chakra's 'common' transition lists other properties than Panda's.
      transitionProperty: chakra.utilities?.transitionProperty as never,
    },
  },
  theme: {
    breakpoints: breakpoints as Record<string, string>,
    tokens: theme.tokens as never,
    semanticTokens: lightAsBase(theme.semanticTokens) as never,
    textStyles: theme.textStyles as never,
    layerStyles: theme.layerStyles as never,
    keyframes: theme.keyframes as never,
    // Only what the page renders, as the app's system lists only what the app renders.
    recipes: {
      button: recipes.button,
      badge: recipes.badge,
      heading: recipes.heading,
      link: recipes.link,
    } as never,
    slotRecipes: { stat: slotRecipes.stat } as never,
  },
})
