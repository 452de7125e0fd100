// The rules of docs/design.md's layout, and server code's ban on non-null assertions, shown failing
// on purpose: each snippet is linted as if it lived at `filePath`, so `npm run lint` would refuse
// it there.
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint()

async function rulesBroken(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message)
}

describe('lint enforces the layout', { timeout: 60_000 }, () => {
  it('refuses a feature importing another feature', async () => {
    const code =
      "import { statusLabel } from '@/features/sender/format'\nexport const x = statusLabel\n"
    expect(await rulesBroken(code, 'src/features/deliverer/uses-sender.ts')).toContain(
      'import-x/no-restricted-paths',
    )
    // The same import inside its own feature is fine.
    expect(await rulesBroken(code, 'src/features/sender/uses-format.ts')).toEqual([])
  })

  it('refuses lib or components importing a feature', async () => {
    const code =
      "import { statusLabel } from '@/features/sender/format'\nexport const x = statusLabel\n"
    expect(await rulesBroken(code, 'src/lib/uses-feature.ts')).toContain(
      'import-x/no-restricted-paths',
    )
    expect(await rulesBroken(code, 'src/components/uses-feature.ts')).toContain(
      'import-x/no-restricted-paths',
    )
  })

  it('keeps the worker to contract and src/lib, and server and src apart', async () => {
    const pager = "import { Pager } from '../src/components/pager'\nexport const x = Pager\n"
    expect(await rulesBroken(pager, 'sw/uses-component.ts')).toContain(
      'import-x/no-restricted-paths',
    )
    const server = "import { loadConfig } from '../../server/config'\nexport const x = loadConfig\n"
    expect(await rulesBroken(server, 'src/lib/uses-server.ts')).toContain(
      'import-x/no-restricted-paths',
    )
  })

  it('keeps the database out of server routes: services own it', async () => {
    const query = "import { eq } from 'drizzle-orm'\nexport const x = eq\n"
    expect(await rulesBroken(query, 'server/routes/uses-drizzle.ts')).toContain(
      'no-restricted-imports',
    )
    expect(await rulesBroken(query, 'server/services/uses-drizzle.ts')).toEqual([])
    // The other server rule (never the PWA) still holds in routes.
    const pwa = "import { api } from '@/lib/api-client'\nexport const x = api\n"
    expect(await rulesBroken(pwa, 'server/routes/uses-pwa.ts')).toContain('no-restricted-imports')
  })

  it('keeps Fastify out of server services: they take plain values (decision 032)', async () => {
    const request =
      "import type { FastifyRequest } from 'fastify'\nexport const x = (r: FastifyRequest) => r.id\n"
    expect(await rulesBroken(request, 'server/services/uses-fastify.ts')).toContain(
      'no-restricted-imports',
    )
    const multipart = "import multipart from '@fastify/multipart'\nexport const x = multipart\n"
    expect(await rulesBroken(multipart, 'server/services/payments/uses-fastify.ts')).toContain(
      'no-restricted-imports',
    )
    // Routes and plugins read requests: there it is fine.
    expect(await rulesBroken(request, 'server/plugins/uses-fastify.ts')).toEqual([])
    expect(await rulesBroken(multipart, 'server/routes/uses-fastify.ts')).toEqual([])
    // The services' other server rule (never the PWA) still holds.
    const pwa = "import { api } from '@/lib/api-client'\nexport const x = api\n"
    expect(await rulesBroken(pwa, 'server/services/uses-pwa.ts')).toContain('no-restricted-imports')
  })

  it('refuses file names that are not kebab-case', async () => {
    expect(await rulesBroken('export const x = 1\n', 'src/lib/someHelper.ts')).toContain(
      'check-file/filename-naming-convention',
    )
    expect(await rulesBroken('export const x = 1\n', 'src/lib/some-helper.ts')).toEqual([])
  })
})

describe('lint refuses non-null assertions in server code', { timeout: 60_000 }, () => {
  const code = 'export const first = (names: string[]) => names[0]!.trim()\n'

  it('refuses `!` in a server file', async () => {
    expect(await rulesBroken(code, 'server/services/uses-assertion.ts')).toContain(
      '@typescript-eslint/no-non-null-assertion',
    )
    expect(await rulesBroken(code, 'server/routes/uses-assertion.ts')).toContain(
      '@typescript-eslint/no-non-null-assertion',
    )
  })

  it('leaves tests and their helpers free to assert', async () => {
    expect(await rulesBroken(code, 'server/services/uses-assertion.test.ts')).toEqual([])
    expect(await rulesBroken(code, 'server/testing/uses-assertion.ts')).toEqual([])
  })
})

describe('lint keeps browser tests waiting as people do', { timeout: 60_000 }, () => {
  const header = "import { expect, test } from './fixtures'\n\n"

  it('refuses node:assert in a browser test', async () => {
    const code = `import assert from 'node:assert/strict'\n${header}test('t', async ({ page }) => {\n  assert.equal(await page.title(), 'Tote')\n  await expect(page).toHaveTitle('Tote')\n})\n`
    expect(await rulesBroken(code, 'tests/e2e/uses-assert.spec.ts')).toContain(
      'no-restricted-imports',
    )
  })

  it('flags a fixed sleep and a one-off read where a web-first assertion would wait', async () => {
    const code = `${header}test('t', async ({ page }) => {\n  await page.waitForTimeout(300)\n  expect(await page.getByText('Sent').isVisible()).toBe(true)\n})\n`
    const broken = await rulesBroken(code, 'tests/e2e/sleeps.spec.ts')
    expect(broken).toContain('playwright/no-wait-for-timeout')
    expect(broken).toContain('playwright/prefer-web-first-assertions')
    const waits = `${header}test('t', async ({ page }) => {\n  await expect(page.getByText('Sent')).toBeVisible()\n})\n`
    expect(await rulesBroken(waits, 'tests/e2e/waits.spec.ts')).toEqual([])
  })
})
