// Build-time only (scripts/chakra-global-css-plugin.ts runs it in Node): the stylesheet Chakra's
// provider would otherwise build and insert at every start: the layer order, the reset, the global
// styles and every token's CSS variable, light and dark (decision 055).
import createCache from '@emotion/cache'
import { css } from '@emotion/react'
import { getSystem } from './components/ui/system'

export function chakraGlobalCss(): string {
  const system = getSystem()
  const cache = createCache({ key: 'css' })
  // Emotion hands a rule to the sheet in a browser and returns the rules on a server.
  const rules: string[] = []
  const sheet = { insert: (rule: string) => void rules.push(rule) }
  // What Chakra's provider gives its two <Global>s, and what each does with them.
  const globals = system._config.disableLayers ? [] : [system.layers.atRule]
  let text = ''
  for (const styles of [...globals, system._global]) {
    const returned = cache.insert('', css(styles), sheet as never, false)
    text += typeof returned === 'string' ? returned : rules.splice(0).join('')
  }
  if (!text.startsWith('@layer reset,base,tokens,recipes;') || !text.includes('--chakra-colors-'))
    throw new Error("No layer order or no tokens in Chakra's global styles: has its API changed?")
  return text
}
