import { Box } from '@chakra-ui/react'
import { render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AppProviders } from '@/app-providers'
import { chakraGlobalCss } from '@/entry-global-css'
import { providerSystem } from './global-css'
import { getSystem } from './system'

const insertedGlobalCss = () =>
  [...document.querySelectorAll('style[data-emotion^="css-global"]')]
    .map((style) => style.textContent)
    .join('')

describe("Chakra's global stylesheet", () => {
  afterEach(() => {
    for (const style of document.head.querySelectorAll('style')) style.remove()
  })

  it('is what the provider inserts at run time, word for word, when the page has none', () => {
    render(
      <AppProviders>
        <Box color="brand.fg">Tote</Box>
      </AppProviders>,
    )
    const inserted = insertedGlobalCss()
    expect(inserted).toContain('--chakra-colors-brand-fg')
    // The build writes this into index.html (decision 055): nothing may differ.
    expect(chakraGlobalCss()).toBe(inserted)
  })

  it('is not built or inserted again when the built page carries it, and components keep their styles', () => {
    const built = document.createElement('style')
    built.setAttribute('data-chakra-global', '')
    built.textContent = chakraGlobalCss()
    document.head.append(built)
    const { getByText } = render(
      <AppProviders>
        <Box color="brand.fg">Tote</Box>
      </AppProviders>,
    )
    expect(insertedGlobalCss()).toBe('')
    expect(getByText('Tote').className).toMatch(/css-/)
    expect(document.querySelectorAll('style[data-chakra-global]')).toHaveLength(1)
  })

  it("is not built for the provider: Chakra's built code builds it on first read (decision 055)", () => {
    // As the build's patch makes it: the global styles behind a getter that counts its reads.
    let reads = 0
    const system = Object.defineProperty({ ...getSystem() }, '_global', {
      get: () => {
        reads++
        return []
      },
    })
    const forProvider = providerSystem(system, true)
    expect(forProvider._global).toEqual([])
    expect(forProvider._config.disableLayers).toBe(true)
    expect(reads).toBe(0)
  })
})
