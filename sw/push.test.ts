import { describe, expect, it } from 'vitest'
import { parsePushPayload } from './push'

describe('parsePushPayload', () => {
  it('takes the title, body and app path of a trip alert', () => {
    expect(
      parsePushPayload(JSON.stringify({ title: 'T', body: 'B', link: '/available-items/abc' })),
    ).toEqual({ title: 'T', body: 'B', link: '/available-items/abc' })
  })

  it('never opens another site: absolute and protocol-relative links go to /notifications', () => {
    for (const link of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)']) {
      expect(parsePushPayload(JSON.stringify({ title: 'T', body: 'B', link }))?.link).toBe(
        '/notifications',
      )
    }
  })

  it('refuses what is not a trip alert', () => {
    expect(parsePushPayload(undefined)).toBeNull()
    expect(parsePushPayload('not json')).toBeNull()
    expect(parsePushPayload(JSON.stringify({ title: 1, body: 'B', link: '/' }))).toBeNull()
  })
})
