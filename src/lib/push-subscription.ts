import type { z } from 'zod'
import type { pushKeyAnswer, PushSubscriptionBody } from '@contract/notifications'
import { api } from './api-client'

/**
 * Web Push on this device (decision 024): the browser's subscription, registered with the server so
 * trip alerts reach the device while Tote is closed. The service worker shows them (sw/push.ts).
 */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  )
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null
  return (await navigator.serviceWorker.getRegistration()) ?? null
}

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null
}

/** VAPID keys travel as base64url; PushManager wants the raw bytes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/')
  const raw = atob(base64)
  const bytes = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i)
  return bytes
}

export type EnablePushResult = 'enabled' | 'denied' | 'unsupported'

/** Asks the browser's permission, subscribes and tells the server where to send. */
export async function enablePush(): Promise<EnablePushResult> {
  const reg = await registration()
  if (!reg) return 'unsupported'
  if ((await Notification.requestPermission()) !== 'granted') return 'denied'
  const key = (await api.get('push/public-key').json<z.infer<typeof pushKeyAnswer>>()).data
    .public_key
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(key),
    }))
  const json = subscription.toJSON()
  const body: PushSubscriptionBody = {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  }
  await api.post('push-subscriptions', { json: body })
  return 'enabled'
}

/**
 * Stops alerts on this device: the browser forgets the subscription and the server deletes it.
 * Called at logout too, so the next person on a shared device gets nobody's alerts. Never throws:
 * a failure here must not keep anyone signed in.
 */
export async function disablePush(): Promise<void> {
  try {
    const subscription = await currentPushSubscription()
    if (!subscription) return
    const { endpoint } = subscription
    await subscription.unsubscribe()
    await api.delete('push-subscriptions', { json: { endpoint } })
  } catch (error) {
    console.warn('Could not turn off alerts on this device', error)
  }
}
