import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { App } from '../app'
import { deliveryRequests, infoRequests, items, sessions, users } from '../db/schema'
import { replyRefusals, storeUpload, travelRefusals } from '../services/files'
import { issueHandoffs } from '../services/handoffs'
import { SESSION_TTL_MS, signSessionToken } from '../services/tokens'
import { agreedPriceCents } from '../../contract/money'

type Role = 'sender' | 'deliverer' | 'admin'

export interface TestUser {
  id: string
  token: string
  email: string
  name: string
  role: Role
}

/** A verified, signed-in user (session row + token; no password, so /api/login is not for them). */
export async function createUser(
  app: App,
  opts: { role: Role; email?: string; name?: string },
): Promise<TestUser> {
  const email = opts.email ?? `${opts.role}-${randomBytes(4).toString('hex')}@example.com`
  const name =
    opts.name ?? `${opts.role[0]!.toUpperCase()}${opts.role.slice(1)} ${email.slice(-16, -12)}`
  const [user] = await app.db
    .insert(users)
    .values({ email, name, role: opts.role, emailVerifiedAt: new Date() })
    .returning()
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS)
  const [session] = await app.db
    .insert(sessions)
    .values({ userId: user!.id, expiresAt })
    .returning({ id: sessions.id })
  const token = await signSessionToken(app.jwtSecret, {
    sub: user!.id,
    jti: session!.id,
    exp: expiresAt,
  })
  return { id: user!.id, token, email, name, role: opts.role }
}

export const bearer = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` })

const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000)

/** The JSON body of POST /api/items (Berlin to Munich, due in 5 days), with overrides. */
export const itemBody = (over: Record<string, unknown> = {}) => ({
  name: 'Laptop',
  category: 'electronics',
  description: 'A 14-inch laptop',
  quantity: 1,
  weight: 1.5,
  dimensions: { length: 35, width: 25, height: 5 },
  is_fragile: true,
  from_location: { lat: 52.52, lng: 13.405, address: 'Berlin, Germany' },
  to_location: { lat: 48.1372, lng: 11.5756, address: 'Munich, Germany' },
  delivery_phone: '+49 30 1234567',
  delivery_address: 'Marienplatz 1, Munich',
  delivery_deadline: inDays(5).toISOString(),
  special_instructions: 'Keep dry',
  sender_price: 40.129,
  ...over,
})

export type ItemRow = typeof items.$inferSelect

/** An item of `senderId` from Berlin to Munich, due in a week, awaiting sending approval. */
export async function createItem(
  app: App,
  senderId: string,
  overrides: Partial<typeof items.$inferInsert> = {},
): Promise<ItemRow> {
  const [row] = await app.db
    .insert(items)
    .values({
      name: 'Box of books',
      category: 'other',
      description: 'Twelve paperbacks',
      quantity: 1,
      weight: 2.5,
      length: 30,
      width: 20,
      height: 15,
      fromLat: 52.52,
      fromLng: 13.405,
      fromAddress: 'Berlin, Germany',
      toLat: 48.1372,
      toLng: 11.5756,
      toAddress: 'Munich, Germany',
      deliveryPhone: '+49 89 123456',
      deliveryAddress: 'Marienplatz 1, Munich',
      deliveryDeadline: new Date(Date.now() + 7 * 24 * 3600 * 1000),
      senderPrice: '25.00',
      senderId,
      ...overrides,
    })
    .returning()
  return row!
}

export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
)

/** Stores bytes as an upload of `ownerId` (checked like a real upload); answers the file id. */
export function storeTestFile(
  app: App,
  ownerId: string,
  kind: 'proof_of_travel' | 'proof_of_delivery' | 'info_request' | 'info_response',
  file: { buffer?: Buffer; filename?: string } = {},
) {
  return storeUpload(app.db, {
    store: app.storage,
    file: {
      buffer: file.buffer ?? TINY_PDF,
      filename: file.filename ?? 'document.pdf',
      mimetype: 'application/pdf',
    },
    ownerId,
    kind,
    refusals: kind === 'proof_of_travel' ? travelRefusals : replyRefusals,
  })
}

export type RequestRow = typeof deliveryRequests.$inferSelect

/**
 * A pending delivery request with a stored PDF proof of travel (pass proofOfTravelFileId: null for
 * none). An accepted one carries its agreed price and its handoff codes, as accepting writes them
 * (the codes are the sender's once the request is the item's current one: handoffProof).
 */
export async function createRequest(
  app: App,
  itemId: string,
  delivererId: string,
  overrides: Partial<typeof deliveryRequests.$inferInsert> = {},
): Promise<RequestRow> {
  const proofOfTravelFileId =
    overrides.proofOfTravelFileId !== undefined
      ? overrides.proofOfTravelFileId
      : await storeTestFile(app, delivererId, 'proof_of_travel')
  const values = {
    itemId,
    delivererId,
    delivererPrice: '20.00',
    acceptPrivacy: true,
    consentedAt: new Date(),
    ...overrides,
    proofOfTravelFileId,
  }
  const accepted = values.requestStatus === 'accepted'
  const [item] = accepted
    ? await app.db
        .select({ senderPrice: items.senderPrice, deadline: items.deliveryDeadline })
        .from(items)
        .where(eq(items.id, itemId))
    : []
  if (item && values.agreedPriceCents === undefined)
    values.agreedPriceCents = agreedPriceCents(values.delivererPrice, item.senderPrice)
  const [row] = await app.db.insert(deliveryRequests).values(values).returning()
  if (item) await issueHandoffs(app.db, { itemId, requestId: row!.id, deadline: item.deadline })
  return row!
}

/**
 * The sender pays for the item's approved request with the test provider's good card
 * (create-payment-intent, then test-payments/confirm), and, unless `accept` is false, accepts it
 * (update-request-status): the item is ready to pick up and its handoff codes are issued.
 */
export async function payAndAccept(
  app: App,
  sender: { token: string },
  opts: { itemId: string; delivererId: string; accept?: boolean },
) {
  const post = async (url: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url, payload, headers: bearer(sender) })
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`)
    return res.json().data
  }
  const target = { item_id: opts.itemId, deliverer_id: opts.delivererId }
  const intent = await post('/api/create-payment-intent', target)
  const paid = await post('/api/test-payments/confirm', {
    client_secret: intent.client_secret,
    card_number: '4242424242424242',
    exp_month: 12,
    exp_year: new Date().getFullYear() + 2,
    cvc: '123',
  })
  if (paid.status !== 'succeeded') throw new Error(`the test card was refused: ${paid.error}`)
  if (opts.accept !== false)
    await post('/api/update-request-status', { ...target, status: 'accepted' })
}

/**
 * What a deliverer's pick-up (`pickup`) or delivery step carries besides item_id and status: the
 * step's signed code, as the sender's GET /api/items/{id}/handoff-codes shows it, and the moment
 * (now). Spread it into the fields of update-delivery-status.
 */
export async function handoffProof(
  app: App,
  sender: { token: string },
  itemId: string,
  step: 'pickup' | 'delivery',
) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/items/${itemId}/handoff-codes`,
    headers: bearer(sender),
  })
  if (res.statusCode !== 200) throw new Error(`no handoff codes for ${itemId}: ${res.body}`)
  const code: string = res.json().data[step].code
  return { handoff_code: code, happened_at: new Date().toISOString() }
}

/**
 * A paid, accepted item waiting to be picked up: a new sender and deliverer, the item approved, the
 * deliverer's request (at `price` dollars) approved, paid with the test card and accepted.
 */
export async function acceptedDelivery(app: App, { price = '25.00' }: { price?: string } = {}) {
  const sender = await createUser(app, { role: 'sender' })
  const deliverer = await createUser(app, { role: 'deliverer' })
  const item = await createItem(app, sender.id, { sendingApproval: 'approved' })
  const request = await createRequest(app, item.id, deliverer.id, { delivererPrice: price })
  await approveDelivery(app, item.id, request.id)
  await payAndAccept(app, sender, { itemId: item.id, delivererId: deliverer.id })
  return { sender, deliverer, itemId: item.id, requestId: request.id }
}

/**
 * The deliverer's pickup (`in_process`) or delivery (`delivered`, with a proof) of an item, with the
 * step's code from its sender, as their phone sends it. Answers the HTTP status; an item with no
 * codes for this deliverer (none accepted, or no longer theirs) is refused as the phone would be
 * (404) before anything is sent.
 */
export async function deliveryStep(
  app: App,
  c: { sender: { token: string }; deliverer: { token: string }; itemId: string },
  status: 'in_process' | 'delivered',
): Promise<number> {
  const step = status === 'in_process' ? 'pickup' : 'delivery'
  const proof = await handoffProof(app, c.sender, c.itemId, step).catch(() => null)
  if (!proof) return 404
  const body = await multipart(
    { item_id: c.itemId, status, ...proof },
    ...(status === 'delivered'
      ? [{ field: 'proof_of_delivery', filename: 'proof.pdf', content: TINY_PDF }]
      : []),
  )
  const res = await app.inject({
    method: 'POST',
    url: '/api/update-delivery-status',
    headers: { ...bearer(c.deliverer), ...body.headers },
    payload: body.payload,
  })
  return res.statusCode
}

/** An admin's sending approval (lifecycle 2). */
export async function approveSending(app: App, itemId: string) {
  await app.db.update(items).set({ sendingApproval: 'approved' }).where(eq(items.id, itemId))
}

/** An admin's delivery approval (lifecycle 4): the request becomes the item's current one. */
export async function approveDelivery(app: App, itemId: string, requestId: string) {
  await app.db
    .update(deliveryRequests)
    .set({ deliveryApproval: 'approved' })
    .where(eq(deliveryRequests.id, requestId))
  await app.db.update(items).set({ currentRequestId: requestId }).where(eq(items.id, itemId))
}

/** An admin information request to the sender or deliverer of an item (optionally with a PDF). */
export async function createInfoRequest(
  app: App,
  opts: {
    itemId: string
    to: 'sender' | 'deliverer'
    targetUserId: string
    description?: string
    adminId?: string
    withFile?: boolean
  },
) {
  const requestFileId = opts.withFile
    ? await storeTestFile(app, opts.adminId ?? opts.targetUserId, 'info_request')
    : null
  const [row] = await app.db
    .insert(infoRequests)
    .values({
      itemId: opts.itemId,
      to: opts.to,
      targetUserId: opts.targetUserId,
      description: opts.description ?? 'Please send a photo of the item',
      requestFileId,
      createdBy: opts.adminId ?? null,
    })
    .returning()
  return row!
}

export interface FilePart {
  field: string
  filename: string
  content: Buffer
  type?: string
}

/** A multipart body for app.inject: `{ payload, headers }` (spread headers next to the bearer). */
export async function multipart(fields: Record<string, string>, ...files: FilePart[]) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  for (const f of files)
    form.append(
      f.field,
      new Blob([new Uint8Array(f.content)], { type: f.type ?? 'application/octet-stream' }),
      f.filename,
    )
  const response = new Response(form)
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  }
}
