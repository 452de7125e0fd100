import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config'
import { keySetJson, newHandoffJwk, resolveHandoffKeys, rotateKeySet } from './handoff-keys'

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('the handoff signing keys', () => {
  it('are generated once into DATA_DIR outside production, private to the server, and reused', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tote-keys-'))
    dirs.push(dataDir)
    const first = resolveHandoffKeys({ handoffKeys: undefined, isProduction: false, dataDir })
    const file = path.join(dataDir, 'handoff-keys.json')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(resolveHandoffKeys({ handoffKeys: undefined, isProduction: false, dataDir })).toEqual(
      first,
    )
    expect(JSON.parse(readFileSync(file, 'utf8')).keys).toHaveLength(1)
    expect(() =>
      resolveHandoffKeys({ handoffKeys: undefined, isProduction: true, dataDir }),
    ).toThrow(/HANDOFF_SIGNING_KEY/)
  })

  it('are read from HANDOFF_SIGNING_KEY: one private key signs, earlier public keys stay', () => {
    const set = rotateKeySet({ signing: newHandoffJwk(), previous: [] })
    const config = loadConfig({ HANDOFF_SIGNING_KEY: keySetJson(set) })
    expect(config.handoffKeys?.signing.kid).toBe(set.signing.kid)
    expect(config.handoffKeys?.previous.map((k) => k.kid)).toEqual([set.previous[0]!.kid])
    expect(config.handoffKeys?.previous[0]).not.toHaveProperty('d')
  })

  it.each([
    ['not JSON', '{keys'],
    ['no keys', '{"keys":[]}'],
    ['another curve', JSON.stringify({ keys: [{ ...newHandoffJwk(), crv: 'P-384' }] })],
    ['two private keys', JSON.stringify({ keys: [newHandoffJwk(), newHandoffJwk()] })],
    [
      'no private key',
      JSON.stringify({ keys: rotateKeySet({ signing: newHandoffJwk(), previous: [] }).previous }),
    ],
    [
      'one kid twice',
      (() => {
        const a = newHandoffJwk()
        return JSON.stringify({ keys: [a, { ...newHandoffJwk(), d: undefined, kid: a.kid }] })
      })(),
    ],
  ])('refuse a HANDOFF_SIGNING_KEY with %s', (_label, value) => {
    expect(() => loadConfig({ HANDOFF_SIGNING_KEY: value })).toThrow(ConfigError)
    try {
      loadConfig({ HANDOFF_SIGNING_KEY: value })
    } catch (err) {
      expect((err as ConfigError).problems[0]).toMatch(/^HANDOFF_SIGNING_KEY /)
    }
  })
})
