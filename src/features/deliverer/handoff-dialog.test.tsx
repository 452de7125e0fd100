// The handoff dialog's paste path (decision 036): a signed code is checked on the device and the
// step counts at once, online or not; six digits are for the server to check.
import 'fake-indexeddb/auto'
import { configure, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { HandoffClaims } from '@contract/handoffs'
import { delivererItemAnswer, type Item } from '@contract/items'
import { getDb } from '@/lib/db'
import { replayOutbox } from '@/lib/outbox/client'
import { answer, failure } from '@/test/answers'
import { userDataHandler } from '@/test/api-handlers'
import { makeItem } from '@/test/deliverer-fixtures'
import { makeKey, signCode, type TestKey } from '@/test/handoff-codes'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { storeSession, testUsers } from '@/test/session'
import { CODE_LABEL } from './confirm-step-dialog'

configure({ asyncUtilTimeout: 4000 })

const id = '22222222-2222-4222-8222-222222222222'
let key: TestKey

beforeAll(async () => {
  key = await makeKey('k1')
})

const code = (over: Partial<HandoffClaims> = {}) =>
  signCode(key.privateKey, 'k1', {
    item: id,
    deliverer: testUsers.deliverer.id,
    step: 'pickup',
    nonce: 'abc',
    exp: Math.floor(Date.now() / 1000) + 86_400,
    iat: Math.floor(Date.now() / 1000),
    ...over,
  })

let online = true
beforeEach(async () => {
  online = true
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
  await getDb().outbox.clear()
})
afterEach(() => {
  vi.restoreAllMocks()
  Reflect.deleteProperty(navigator, 'geolocation')
})

type Reply = () => Response
function setup(reply: Reply = () => HttpResponse.json({ success: true, message: 'Picked up' })) {
  storeSession('deliverer')
  const item: Item = makeItem({
    id,
    name: 'Camera bag',
    status: 'ready_to_pickup',
    request_status: 'accepted',
    delivery_approval: 'approved',
  })
  const calls: { fields: Record<string, FormDataEntryValue>; key: string | null }[] = []
  server.use(
    userDataHandler('deliverer'),
    http.get('/api/handoff-keys', () => HttpResponse.json({ keys: [key.published] })),
    http.get(`/api/item/${id}`, () =>
      answer(delivererItemAnswer, { success: true, message: 'OK', data: item }),
    ),
    http.post('/api/update-delivery-status', async ({ request }) => {
      calls.push({
        fields: Object.fromEntries((await request.formData()).entries()),
        key: request.headers.get('Idempotency-Key'),
      })
      return reply()
    }),
  )
  return { ...renderApp(`/my-deliveries/${id}`), calls }
}

async function enterCode(user: ReturnType<typeof setup>['user'], text: string) {
  await user.click(await screen.findByRole('button', { name: 'Confirm pickup' }))
  const dialog = await screen.findByRole('dialog', { name: 'Confirm pickup' })
  await user.click(within(dialog).getByLabelText(CODE_LABEL))
  await user.paste(text)
  await user.click(within(dialog).getByRole('button', { name: 'Confirm pickup' }))
  return dialog
}

describe('confirming a handoff with a pasted code', { timeout: 20_000 }, () => {
  it("sends a right signed code with the device's moment and place", async () => {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({
            coords: { latitude: 52.52, longitude: 13.405, accuracy: 12.4 },
          } as GeolocationPosition),
      },
    })
    const { user, calls } = setup()
    const signed = await code()
    const before = Date.now()
    await enterCode(user, `${signed.slice(0, 40)}\n${signed.slice(40)}`)
    await waitFor(() => expect(calls).toHaveLength(1))
    const fields = calls[0]!.fields
    expect(fields).toMatchObject({
      item_id: id,
      status: 'in_process',
      handoff_code: signed,
      latitude: '52.52',
      longitude: '13.405',
      accuracy_m: '12',
    })
    const at = Date.parse(fields.happened_at as string)
    expect(at).toBeGreaterThanOrEqual(before - 1000)
    expect(at).toBeLessThanOrEqual(Date.now())
    expect(calls[0]!.key).toMatch(/^[0-9a-f-]{36}$/)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(
      await screen.findByText('Picked up', { selector: '.chakra-alert__title' }),
    ).toBeInTheDocument()
  })

  it('refuses a wrong code on the spot, with its reason, and sends nothing', async () => {
    const { user, calls } = setup()
    const dialog = await enterCode(user, await code({ item: 'another-item' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This code is for another item',
    )
    await user.clear(within(dialog).getByLabelText(CODE_LABEL))
    await user.paste(await code({ step: 'delivery' }))
    await user.click(within(dialog).getByRole('button', { name: 'Confirm pickup' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This code is for the delivery, not the pickup',
    )
    await user.clear(within(dialog).getByLabelText(CODE_LABEL))
    await user.paste('hello')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm pickup' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This is not a Tote code')
    expect(calls).toHaveLength(0)
  })

  it('offline, marks the step at once and keeps it in the outbox with its fields', async () => {
    online = false
    const { user, calls } = setup()
    const signed = await code()
    await enterCode(user, signed)
    expect(await screen.findByText('Picked up — waiting to send')).toBeInTheDocument()
    expect(screen.getByText(/Status: On its way/)).toBeInTheDocument()
    // The delivery step opens at once: it goes after the pickup in the outbox's order.
    expect(screen.getByRole('button', { name: 'Confirm delivery' })).toBeInTheDocument()
    const [entry] = await getDb().outbox.toArray()
    expect(entry).toMatchObject({
      kind: 'update-delivery-status',
      path: 'update-delivery-status',
      status: 'queued',
      label: 'Pickup of Camera bag',
      fields: { item_id: id, status: 'in_process', handoff_code: signed },
    })
    expect(entry!.fields.happened_at).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(calls).toHaveLength(0)
  })

  it('offline, a typed short code waits for confirmation, then shows it confirmed', async () => {
    online = false
    const { user, calls } = setup()
    await enterCode(user, '123 456')
    expect(
      await screen.findByText(/Waiting for confirmation.*once you are back online/),
    ).toBeInTheDocument()
    expect(screen.queryByText(/Status: On its way/)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Confirm delivery' })).toBeNull()
    online = true
    await replayOutbox()
    expect(calls[0]?.fields).toMatchObject({ handoff_code: '123456', status: 'in_process' })
    expect(await screen.findByText('Picked up: Tote confirmed the code.')).toBeInTheDocument()
  })

  it('offline, a short code refused once back online says so', async () => {
    online = false
    const { user } = setup(() => failure(400, 'This code is not right'))
    await enterCode(user, '654321')
    expect(
      await screen.findByText(/Waiting for confirmation.*once you are back online/),
    ).toBeInTheDocument()
    online = true
    await replayOutbox()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Tote refused this pickup when it arrived: This code is not right.',
    )
    expect(screen.getByRole('button', { name: 'Confirm pickup' })).toBeInTheDocument()
  })

  it("online, a short code gets the server's answer in the dialog, the lock with its wait", async () => {
    let reply: Reply = () => failure(400, 'This code is not right')
    const { user, calls } = setup(() => reply())
    const dialog = await enterCode(user, '111111')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This code is not right')
    reply = () => {
      const locked = failure(429, 'Too many wrong codes for this handoff.')
      locked.headers.set('Retry-After', '840')
      return locked
    }
    await user.click(within(dialog).getByRole('button', { name: 'Confirm pickup' }))
    expect(await within(dialog).findByText(/You can try again in 14 min/)).toBeInTheDocument()
    expect(calls).toHaveLength(2)
  })
})
