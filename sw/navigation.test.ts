import { describe, expect, it } from 'vitest'
import { isPrerenderedPage, navigationDenylist } from './navigation'

const denied = (path: string) => navigationDenylist.some((pattern) => pattern.test(path))

describe('navigation fallback', () => {
  it('answers client routes with the app shell', () => {
    for (const path of [
      '/',
      '/login',
      '/items/42',
      '/deliverer-dashboard',
      '/apiary',
      '/verify-email',
    ]) {
      expect(denied(path), path).toBe(false)
    }
  })

  it('knows the prerendered public pages, with or without a trailing slash', () => {
    for (const path of ['/', '/faq', '/faq/', '/login', '/how-it-works'])
      expect(isPrerenderedPage(path), path).toBe(true)
    for (const path of ['/dashboard', '/items/42', '/verify-email', '/faqs', '/login/extra'])
      expect(isPrerenderedPage(path), path).toBe(false)
  })

  it('lets API calls, the worker and the manifest reach the network', () => {
    for (const path of [
      '/api',
      '/api/',
      '/api/dev/outbox',
      '/api/docs',
      '/sw.js',
      '/manifest.webmanifest',
      '/robots.txt',
      '/sitemap.xml',
    ]) {
      expect(denied(path), path).toBe(true)
    }
  })
})
