import { describe, expect, it } from 'vitest'
import { auditActionLabel, auditReasonLabel } from './audit-labels'

describe('audit labels', () => {
  it('names the actions the server writes', () => {
    expect(auditActionLabel('delivery_request.create')).toBe('Request to deliver sent')
    expect(auditActionLabel('request.accept')).toBe('Sender accepted and paid')
    expect(auditActionLabel('delivery.in_process')).toBe('Picked up')
    expect(auditActionLabel('item.sending_approved')).toBe('Sending approved')
  })

  it('spells an unknown code from its parts, without dots', () => {
    expect(auditActionLabel('item.sent_to_moon')).toBe('Item sent to moon')
    expect(auditActionLabel('item_created')).toBe('Item created')
  })

  it('hides internal ids in reasons', () => {
    const id = 'abb93ec0-1111-4222-8333-444455556666'
    expect(auditReasonLabel(`payment ${id}`)).toBe('Payment received')
    expect(auditReasonLabel(`item_cancelled: payment ${id}, 1250 cents`)).toBe(
      '$12.50 refunded: item cancelled',
    )
    expect(auditReasonLabel(`see ${id}`)).toBe('see')
    expect(auditReasonLabel(id)).toBeNull()
    expect(auditReasonLabel('  ')).toBeNull()
    expect(auditReasonLabel('Looks fine')).toBe('Looks fine')
  })
})
