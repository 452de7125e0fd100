import { describe, expect, it } from 'vitest'
import type { OutboxEntry, OutboxStatus } from '@/lib/db'
import { waitingWrite } from './queued-writes'

let nextId = 1
const entry = (kind: OutboxEntry['kind'], itemId: string, status: OutboxStatus): OutboxEntry => ({
  id: nextId++,
  userId: 'u',
  createdAt: 0,
  kind,
  method: 'POST',
  path: kind,
  idempotencyKey: `k${nextId}`,
  fields: { item_id: itemId, description: `${status} ${itemId}` },
  file: null,
  status,
  error: null,
  attempts: 0,
  label: kind,
})

describe('waitingWrite', () => {
  it('finds a queued or sending write for the item and kind', () => {
    const queued = entry('request-item', 'a', 'queued')
    const sending = entry('respond-further-info', 'a', 'sending')
    const entries = [entry('request-item', 'b', 'queued'), queued, sending]
    expect(waitingWrite(entries, 'request-item', 'a')).toBe(queued)
    expect(waitingWrite(entries, 'respond-further-info', 'a')).toBe(sending)
  })

  it('ignores sent and refused writes: the page offers the action again', () => {
    const entries = [entry('request-item', 'a', 'sent'), entry('request-item', 'a', 'failed')]
    expect(waitingWrite(entries, 'request-item', 'a')).toBeNull()
    expect(waitingWrite(entries, 'request-item', 'b')).toBeNull()
  })

  it('shows the newest of two waiting replies', () => {
    const older = entry('respond-further-info', 'a', 'queued')
    const newer = entry('respond-further-info', 'a', 'queued')
    expect(waitingWrite([older, newer], 'respond-further-info', 'a')).toBe(newer)
  })
})
