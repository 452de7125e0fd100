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
 * Tap targets (docs/design.md): on phones (below md) every button is at least 44 px tall and
 * wide, and a default-size button, input or select 48; from md up the sizes stay Chakra's
 * (36-40 px for a mouse). Icon buttons take their width from minW, so they are 44 x 44 too.
 */
const PHONE_MIN = '11' // 44 px
const PHONE_MAIN = '12' // 48 px
const phone = (small: string, wide: string) => ({ base: small, md: wide })

const buttonSize = buttonRecipe.variants?.size
const tapButton = (size: keyof typeof buttonSizes, tall: string) => ({
  ...buttonSize?.[size],
  h: phone(tall, buttonSizes[size]),
  minW: phone(tall, buttonSizes[size]),
})
const buttonSizes = { '2xs': '6', xs: '8', sm: '9', md: '10', lg: '11' } as const
const tapButtonRecipe = {
  ...buttonRecipe,
  variants: {
    ...buttonRecipe.variants,
    size: {
      ...buttonSize,
      '2xs': tapButton('2xs', PHONE_MIN),
      xs: tapButton('xs', PHONE_MIN),
      sm: tapButton('sm', PHONE_MIN),
      md: tapButton('md', PHONE_MAIN),
      lg: tapButton('lg', PHONE_MIN),
    },
  },
}

// Inputs and selects of every size up to md are 48 px on phones, with 16 px text (smaller text
// makes iOS zoom the page in on focus).
const inputSize = inputRecipe.variants?.size
const tapInput = (size: '2xs' | 'xs' | 'sm' | 'md', wide: string) => ({
  ...inputSize?.[size],
  '--input-height': phone(`sizes.${PHONE_MAIN}`, `sizes.${wide}`),
  textStyle: phone('md', inputSize?.[size].textStyle ?? 'sm'),
})
const tapInputRecipe = {
  ...inputRecipe,
  variants: {
    ...inputRecipe.variants,
    size: {
      ...inputSize,
      '2xs': tapInput('2xs', '7'),
      xs: tapInput('xs', '8'),
      sm: tapInput('sm', '9'),
      md: tapInput('md', '10'),
    },
  },
}
const selectSize = nativeSelectSlotRecipe.variants?.size
const tapSelect = (size: 'xs' | 'sm' | 'md', wide: string) => ({
  ...selectSize?.[size],
  root: { '--select-field-height': phone(`sizes.${PHONE_MAIN}`, `sizes.${wide}`) },
  field: {
    ...selectSize?.[size].field,
    textStyle: phone('md', selectSize?.[size].field.textStyle ?? 'sm'),
  },
})
const tapSelectRecipe = {
  ...nativeSelectSlotRecipe,
  variants: {
    ...nativeSelectSlotRecipe.variants,
    size: {
      ...selectSize,
      xs: tapSelect('xs', '8'),
      sm: tapSelect('sm', '9'),
      md: tapSelect('md', '10'),
    },
  },
}
const tapTextareaRecipe = {
  ...textareaRecipe,
  base: { ...textareaRecipe.base, minH: phone(PHONE_MAIN, 'auto') },
}

// A checkbox, radio or switch is tapped on its whole label row: 44 px tall on phones.
const tapCheckboxRecipe = {
  ...checkboxSlotRecipe,
  base: {
    ...checkboxSlotRecipe.base,
    root: { ...checkboxSlotRecipe.base?.root, minH: phone(PHONE_MIN, 'auto') },
  },
}
const tapRadioGroupRecipe = {
  ...radioGroupSlotRecipe,
  base: {
    ...radioGroupSlotRecipe.base,
    item: { ...radioGroupSlotRecipe.base?.item, minH: phone(PHONE_MIN, 'auto') },
  },
}
const tapSwitchRecipe = {
  ...switchSlotRecipe,
  base: {
    ...switchSlotRecipe.base,
    root: { ...switchSlotRecipe.base?.root, minH: phone(PHONE_MIN, 'auto') },
  },
}

// Links are inline-flex already: on phones each is a 44 x 44 target, header, footer, sidebar and
// inline action links alike (a link in a sentence makes its line taller, which reads fine).
const tapLinkRecipe = {
  ...linkRecipe,
  base: {
    ...linkRecipe.base,
    minH: phone(PHONE_MIN, 'auto'),
    minW: phone(PHONE_MIN, 'auto'),
    // A short word ("FAQ") sits in the middle of its 44 px, not at one end.
    justifyContent: 'center',
  },
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
      textarea: tapTextareaRecipe,
      button: tapButtonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: tapInputRecipe,
      link: tapLinkRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      card: cardSlotRecipe,
      checkbox: tapCheckboxRecipe,
      emptyState: emptyStateSlotRecipe,
      nativeSelect: tapSelectRecipe,
      stat: statSlotRecipe,
      switch: tapSwitchRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      radioGroup: tapRadioGroupRecipe,
    },
  },
})

let built: ReturnType<typeof createSystem> | undefined

/**
 * The Chakra system, built the first time it is asked for: building it takes ~30 ms of CPU (120 ms
 * on a mid-range phone), so the app's start asks for it in a task of its own (src/boot.tsx)
 * rather than while its modules load.
 */
export function getSystem() {
  built ??= createSystem(defaultBaseConfig, config)
  return built
}
