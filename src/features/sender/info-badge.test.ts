import { describe, expect, it } from 'vitest'
import type { InfoRequest } from '@contract/items'
import { infoBadgeText } from './info-badge'

const open: InfoRequest = {
  id: 'r1',
  description: 'Please send a photo',
  request_file_path: null,
  sender_response: null,
  response_file_path: null,
  response_at: null,
  created_at: '2026-01-01T00:00:00Z',
}
const answered = { ...open, sender_response: 'Sent', response_at: '2026-01-02T00:00:00Z' }

describe('infoBadgeText', () => {
  it("reads 'Action required' while unanswered and the item is pending review", () => {
    expect(infoBadgeText(open, true)).toBe('Action required')
  })
  it("reads 'Not needed anymore' when an admin decided without the answer", () => {
    expect(infoBadgeText(open, false)).toBe('Not needed anymore')
  })
  it("reads 'Information submitted' once answered, whatever the approval", () => {
    expect(infoBadgeText(answered, true)).toBe('Information submitted')
    expect(infoBadgeText(answered, false)).toBe('Information submitted')
  })
})
