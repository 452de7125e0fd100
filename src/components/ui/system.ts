import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react'
import {
  alertSlotRecipe,
  badgeRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  emptyStateSlotRecipe,
  nativeSelectSlotRecipe,
  separatorRecipe,
  skeletonRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
  avatarSlotRecipe,
  breakpoints,
  buttonRecipe,
  containerRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  radioGroupSlotRecipe,
  semanticTokens,
  spinnerRecipe,
  textStyles,
  tokens,
  animationStyles,
} from '@chakra-ui/react/theme'

/** Brand teal; 700 on white is 5.5:1, so text and buttons meet WCAG AA. */
const brand = {
  50: { value: '#f0fdfa' },
  100: { value: '#ccfbf1' },
  200: { value: '#99f6e4' },
  300: { value: '#5eead4' },
  400: { value: '#2dd4bf' },
  500: { value: '#14b8a6' },
  600: { value: '#0d9488' },
  700: { value: '#0f766e' },
  800: { value: '#115e59' },
  900: { value: '#134e4a' },
  950: { value: '#042f2e' },
}

/** Colour palettes no screen uses (brand stands in for teal): fewer CSS variables to build,
 * send and compute on every page. */
const UNUSED_PALETTES = ['teal', 'cyan', 'pink']
const without = <T extends Record<string, unknown>>(record: T) =>
  Object.fromEntries(Object.entries(record).filter(([key]) => !UNUSED_PALETTES.includes(key)))

/**
 * Tote has no dark mode (nothing sets Chakra's .dark class), so each semantic token keeps its
 * light value only: half the token work when the app starts, and half the CSS variables in
 * every page's styles.
 */
function lightOnly<T>(node: T): T {
  if (Array.isArray(node) || typeof node !== 'object' || node === null) return node
  const entries = Object.entries(node as Record<string, unknown>).map(([key, value]) => {
    const conditional =
      key === 'value' && typeof value === 'object' && value !== null && '_light' in value
    return [key, conditional ? (value as { _light: unknown })._light : lightOnly(value)]
  })
  return Object.fromEntries(entries) as T
}

// Only the recipes the app renders: the full default theme costs ~30 KB gzip on first visit.
const config = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: { ...without(tokens.colors ?? {}), brand } },
    semanticTokens: lightOnly({
      ...semanticTokens,
      colors: {
        ...without(semanticTokens.colors ?? {}),
        brand: {
          solid: { value: '{colors.brand.700}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.600}' },
        },
      },
    }),
    textStyles,
    layerStyles,
    animationStyles,
    // Shared by every feature; add a recipe here (and only here) when a component needs one.
    recipes: {
      badge: badgeRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      textarea: textareaRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      stat: statSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
    },
  },
})

export const system = createSystem(defaultBaseConfig, config)
