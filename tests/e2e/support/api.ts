// Talks to the real API the way the PWA does, for setting up what a browser scenario needs
// (e.g. an admin approval before the sender's part) and for checking what reached the server.

/**
 * The API's answer, { success, message, data? }. Its data is whatever the endpoint returns; the
 * tests check it with assertions rather than types.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type Answer = { success: boolean; message: string; data: any; raw?: string }

export type Session = {
  token: string
  expires_at: string
  user: { id: string; name: string; email: string; role: string }
}

/** Logs in through POST /api/login; returns { token, expires_at, user }. */
export async function apiLogin(
  baseURL: string,
  email: string,
  password = 'password123',
): Promise<Session> {
  const { data } = await apiCall(baseURL, null, 'POST', '/api/login', { email, password })
  return data as Session
}

/** One JSON call. Throws with the server's message unless the status is 2xx (or `expect` given). */
export async function apiCall(
  baseURL: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  { expect }: { expect?: number } = {},
): Promise<Answer> {
  const response = await fetch(new URL(path, baseURL), {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  })
  return answer(response, method, path, expect)
}

export type UploadFile = { name: string; type: string; bytes: Uint8Array }

/** One multipart call. `files` maps a field name to { name, type, bytes }. */
export async function apiMultipart(
  baseURL: string,
  token: string | null,
  path: string,
  fields: Record<string, string | number | boolean>,
  files: Record<string, UploadFile> = {},
  headers: Record<string, string> = {},
): Promise<Answer> {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value))
  for (const [key, file] of Object.entries(files)) {
    form.append(key, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name)
  }
  const response = await fetch(new URL(path, baseURL), {
    method: 'POST',
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
    body: form,
  })
  return answer(response, 'POST', path)
}

async function answer(
  response: Response,
  method: string,
  path: string,
  expect?: number,
): Promise<Answer> {
  const text = await response.text()
  let json: Answer
  try {
    json = JSON.parse(text) as Answer
  } catch {
    json = { success: false, message: '', data: undefined, raw: text }
  }
  const ok = expect ? response.status === expect : response.ok
  if (!ok) {
    throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`)
  }
  return json
}

/** Where every item postItem posts is picked up and delivered. */
const BERLIN = { lat: 52.52, lng: 13.405, address: 'Berlin, Germany' }
const MUNICH = { lat: 48.137, lng: 11.575, address: 'Munich, Germany' }
const place = (o: object) => encodeURIComponent(JSON.stringify(o))
/** Available items on the route of postItem's items, every result on one page. */
export const BERLIN_TO_MUNICH = `/available-items?origin=${place(BERLIN)}&destination=${place(MUNICH)}&per_page=100`

/** Posts an item as the sender (Berlin -> Munich, a week to go), waiting for review. Returns it. */
export async function postItem(
  baseURL: string,
  senderToken: string,
  name: string,
): Promise<{ id: string; name: string }> {
  const created = await apiCall(baseURL, senderToken, 'POST', '/api/items', {
    name,
    category: 'other',
    description: 'A small parcel for the browser scenarios.',
    quantity: 1,
    weight: 0.5,
    dimensions: { length: 20, width: 15, height: 5 },
    is_fragile: false,
    from_location: BERLIN,
    to_location: MUNICH,
    delivery_phone: '+49 30 1234567',
    delivery_address: 'Marienplatz 1, Munich',
    delivery_deadline: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
    special_instructions: '',
    sender_price: 30,
  })
  const item = created.data?.item as { id: string; name: string } | undefined
  if (!item?.id) throw new Error(`POST /api/items answered no item: ${JSON.stringify(created)}`)
  return item
}

/**
 * Posts an item as the sender (Berlin -> Munich, a week to go) and has the admin approve sending,
 * so deliverers can request it. Returns the item.
 */
export async function postApprovedItem(
  baseURL: string,
  senderToken: string,
  adminToken: string,
  name: string,
): Promise<{ id: string; name: string }> {
  const item = await postItem(baseURL, senderToken, name)
  await setSendingApproval(baseURL, adminToken, item.id, 'approved')
  return item
}

/**
 * The deliverer requests the item with a PDF proof of travel and the admin approves the request:
 * the offer then waits for the sender's answer.
 */
export async function offerApproved(
  baseURL: string,
  itemId: string,
  deliverer: Session,
  adminToken: string,
): Promise<void> {
  await apiMultipart(
    baseURL,
    deliverer.token,
    '/api/request-item',
    { item_id: itemId, accept_privacy: 'true' },
    { proof_of_travel: { name: 'ticket.pdf', type: 'application/pdf', bytes: TINY_PDF } },
  )
  await apiCall(baseURL, adminToken, 'POST', '/api/admin/delivery-approval', {
    item_id: itemId,
    deliverer_id: deliverer.user.id,
    decision: 'approved',
  })
}

/** The admin's sending decision on an item ('approved' or 'rejected'). */
export function setSendingApproval(
  baseURL: string,
  adminToken: string,
  itemId: string,
  decision: 'approved' | 'rejected',
): Promise<Answer> {
  return apiCall(baseURL, adminToken, 'POST', '/api/admin/sending-approval', {
    item_id: itemId,
    decision,
  })
}

/** Tiny but valid documents, recognised by their bytes. */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)
export const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
)
