// Talks to the real API the way the PWA does, for setting up what a browser scenario needs
// (e.g. an admin approval before the sender's part) and for checking what reached the server.

/** Logs in through POST /api/login; returns { token, user }. */
export async function apiLogin(baseURL, email, password = 'password123') {
  const { data } = await apiCall(baseURL, null, 'POST', '/api/login', { email, password })
  return data
}

/**
 * One JSON call. Throws with the server's message unless the status is 2xx (or `expect` given).
 * @returns {Promise<any>} the parsed answer ({ success, message, data? })
 */
export async function apiCall(baseURL, token, method, path, body, { expect } = {}) {
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

/**
 * One multipart call. `files` maps a field name to { name, type, bytes }.
 * @returns {Promise<any>}
 */
export async function apiMultipart(baseURL, token, path, fields, files = {}, headers = {}) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value))
  for (const [key, file] of Object.entries(files)) {
    form.append(key, new Blob([file.bytes], { type: file.type }), file.name)
  }
  const response = await fetch(new URL(path, baseURL), {
    method: 'POST',
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
    body: form,
  })
  return answer(response, 'POST', path)
}

async function answer(response, method, path, expect) {
  const text = await response.text()
  let json
  try {
    json = JSON.parse(text)
  } catch {
    json = { raw: text }
  }
  const ok = expect ? response.status === expect : response.ok
  if (!ok) {
    throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`)
  }
  return json
}

/**
 * Posts an item as the sender (Berlin -> Munich, a week to go) and has the admin approve sending,
 * so deliverers can request it. Returns the item.
 */
export async function postApprovedItem(baseURL, senderToken, adminToken, name) {
  const created = await apiCall(baseURL, senderToken, 'POST', '/api/items', {
    name,
    category: 'other',
    description: 'A small parcel for the offline scenario.',
    quantity: 1,
    weight: 0.5,
    dimensions: { length: 20, width: 15, height: 5 },
    is_fragile: false,
    from_location: { lat: 52.52, lng: 13.405, address: 'Berlin, Germany' },
    to_location: { lat: 48.137, lng: 11.575, address: 'Munich, Germany' },
    delivery_phone: '+49 30 1234567',
    delivery_address: 'Marienplatz 1, Munich',
    delivery_deadline: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
    special_instructions: '',
    sender_price: 30,
  })
  const item = created.data.item
  if (!item?.id) throw new Error(`POST /api/items answered no item: ${JSON.stringify(created)}`)
  await setSendingApproval(baseURL, adminToken, item.id, 'approved')
  return item
}

/** The admin's sending decision on an item ('approved' or 'rejected'). */
export function setSendingApproval(baseURL, adminToken, itemId, decision) {
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
