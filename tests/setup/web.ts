import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'

// One msw server for every web test file; tests reach it through src/test/msw-server.ts (a global,
// because this file and src/ belong to different TypeScript projects that may not import each other).
// The deliverer's notification bell asks on every signed-in page; nothing unread unless a test says.
const server = setupServer(
  http.get('/api/notifications/unread-count', () =>
    HttpResponse.json({ success: true, message: 'OK', data: { unread: 0 } }),
  ),
  // Senders' and deliverers' navigation shows their unread messages (decision 039).
  http.get('/api/messages/unread', () =>
    HttpResponse.json({ success: true, message: 'OK', data: { total: 0, items: [] } }),
  ),
  // The deliverer's pages fetch the handoff keys to keep them on the device (decision 036).
  http.get('/api/handoff-keys', () => HttpResponse.json({ keys: [] })),
  // Available items with a route asks whether it is a saved trip already; none unless a test says.
  http.get('/api/trips', () =>
    HttpResponse.json({ success: true, message: 'Trips', data: { trips: [] } }),
  ),
  // Every signed-in deliverer page keeps their accepted deliveries on the device (issue 29 part 7);
  // none unless a test says.
  http.get('/api/my-deliveries', ({ request }) => {
    const perPage = Number(new URL(request.url).searchParams.get('per_page') ?? 10)
    return HttpResponse.json({
      success: true,
      message: 'OK',
      data: { items: [], pagination: { current_page: 1, per_page: perPage, total: 0 } },
    })
  }),
)
;(globalThis as { __toteMswServer?: typeof server }).__toteMswServer = server

// jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
;(globalThis as { scrollTo?: () => void }).scrollTo = () => {}

// An API call no test expected is a bug in the test or the code, not something to ignore.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
  ;(globalThis as { localStorage?: { clear(): void } }).localStorage?.clear()
})
afterAll(() => server.close())
