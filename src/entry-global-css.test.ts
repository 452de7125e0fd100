// @vitest-environment node
// The build runs chakraGlobalCss in Node, where emotion takes its server path: this checks that
// text against what Chakra's provider renders on a server (global-css.test.tsx checks it against
// what the provider inserts in a browser).
import createCache from '@emotion/cache'
import { CacheProvider } from '@emotion/react'
import { ChakraProvider } from '@chakra-ui/react'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { expect, it } from 'vitest'
import { getSystem } from './components/ui/system'
import { chakraGlobalCss } from './entry-global-css'

it("is, in Node, the stylesheet Chakra's provider renders on a server, character for character", () => {
  const html = renderToString(
    createElement(
      CacheProvider,
      { value: createCache({ key: 'css' }) },
      createElement(ChakraProvider, { value: getSystem(), children: null }),
    ),
  )
  const rendered = [...html.matchAll(/<style data-emotion="css-global [^"]*">([^<]*)<\/style>/g)]
    .map((match) => match[1])
    .join('')
  expect(rendered).toContain('--chakra-colors-brand-fg')
  expect(chakraGlobalCss()).toBe(rendered)
})
