import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { patchChakra } from './chakra-start-patches'

const require = createRequire(import.meta.url)
const chakraDir = require.resolve('@chakra-ui/react').replace(/dist[\\/]cjs[\\/].*$/, '')
const file = (rel: string) => {
  const path = `${chakraDir}dist/esm/styled-system/${rel}`
  return { path, code: readFileSync(path, 'utf8') }
}

describe("the build's patches to Chakra's start", () => {
  it('apply to the installed Chakra: the global styles are built on first read', () => {
    const { path, code } = file('system.js')
    const patched = patchChakra(code, path) ?? ''
    expect(patched).not.toContain('const _global = [')
    expect(patched).toContain('get _global()')
  })

  it('apply to the installed Chakra: a condition is looked up in a Set', () => {
    const { path, code } = file('conditions.js')
    expect(patchChakra(code, path)).toContain('return known.has(key) ||')
  })

  it('stop the build when Chakra changed the code they replace', () => {
    const { path, code } = file('conditions.js')
    expect(() => patchChakra(code.replace('keys().includes(key)', 'hasKey(key)'), path)).toThrow(
      /conditions\.js has changed/,
    )
  })

  it('leave every other module alone', () => {
    const { path, code } = file('css.js')
    expect(patchChakra(code, path)).toBeNull()
  })
})
