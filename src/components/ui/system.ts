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
    semanticTokens: {
      ...semanticTokens,
      colors: {
        ...without(semanticTokens.colors ?? {}),
        // Light: 700 on white is 5.5:1. Dark: 300 on the dark background, and dark text on the
        // light teal of solid buttons, both above 7:1.
        brand: {
          solid: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          contrast: { value: { _light: 'white', _dark: '{colors.brand.950}' } },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.800}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.700}' } },
          focusRing: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.400}' } },
        },
      },
    },
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
