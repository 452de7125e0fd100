/// <reference lib="webworker" />

/** What the server pushes (server/services: the trip alert): a title, a line and the app path. */
export interface PushPayload {
  title: string
  body: string
  link: string
}

/** Anything the push service delivers is treated as untrusted until it has this shape. */
export function parsePushPayload(text: string | undefined): PushPayload | null {
  if (!text) return null
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value !== 'object' || value === null) return null
    const { title, body, link } = value as Record<string, unknown>
    if (typeof title !== 'string' || typeof body !== 'string' || typeof link !== 'string') {
      return null
    }
    // Only a path of this app opens on click: a pushed absolute URL could send anyone anywhere.
    const path = link.startsWith('/') && !link.startsWith('//') ? link : '/notifications'
    return { title, body, link: path }
  } catch {
    return null
  }
}

/**
 * Shows trip alerts (decision 024) and opens the item on click, in a Tote window already open when
 * there is one. A push that is not ours still shows something: browsers require each push to
 * show a notification when the subscription promised userVisibleOnly.
 */
export function registerPush(self: ServiceWorkerGlobalScope) {
  self.addEventListener('push', (event) => {
    const payload = parsePushPayload(event.data?.text()) ?? {
      title: 'Tote',
      body: 'You have a new notification.',
      link: '/notifications',
    }
    event.waitUntil(
      self.registration.showNotification(payload.title, {
        body: payload.body,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { link: payload.link },
        tag: payload.link,
      }),
    )
  })

  self.addEventListener('notificationclick', (event) => {
    event.notification.close()
    const data: unknown = event.notification.data
    const link =
      typeof data === 'object' &&
      data !== null &&
      typeof (data as { link?: unknown }).link === 'string'
        ? (data as { link: string }).link
        : '/notifications'
    const url = new URL(link, self.location.origin).href
    event.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
        const open = windows.find((client) => new URL(client.url).origin === self.location.origin)
        try {
          if (open) {
            // navigate() refuses a window this worker does not control: then a new one opens.
            await (await open.focus()).navigate(url)
            return
          }
        } catch {
          // fall through to a new window
        }
        await self.clients.openWindow(url)
      })(),
    )
  })
}
