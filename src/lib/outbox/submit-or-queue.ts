import type { OutboxEntry } from '@/lib/db'
import { api } from '@/lib/api-client'
import { isNetworkFailure } from '@/lib/offline/network-failure'
import { enqueueWrite, type EnqueueWriteInput } from './client'

export type SubmitOrQueueResult<T> =
  { queued: false; data: T } | { queued: true; entry: OutboxEntry }

/**
 * For the writes docs/design.md lets the PWA replay (request-item, respond-further-info): sends the
 * multipart call now; when the network is down, stores it in the outbox instead and answers
 * `{ queued: true }`. A server answer (2xx or an HTTPError) comes back as usual, so a 4xx still
 * shows its message in the form. The direct attempt already carries the Idempotency-Key the queued
 * copy keeps, so a call that reached the server before the connection dropped is not done twice.
 */
export async function submitOrQueue<T>(input: EnqueueWriteInput): Promise<SubmitOrQueueResult<T>> {
  const idempotencyKey = input.idempotencyKey ?? crypto.randomUUID()
  const queue = async () => ({
    queued: true as const,
    entry: await enqueueWrite({ ...input, idempotencyKey }),
  })
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return queue()
  const body = new FormData()
  for (const [name, value] of Object.entries(input.fields)) body.append(name, value)
  if (input.file) {
    const name = input.fileName ?? ((input.file as Partial<File>).name || 'upload')
    body.append(input.fileField ?? 'file', input.file, name)
  }
  try {
    const data = await api
      .post(input.path, { body, headers: { 'Idempotency-Key': idempotencyKey } })
      .json<T>()
    return { queued: false, data }
  } catch (error) {
    if (isNetworkFailure(error)) return queue()
    throw error
  }
}
