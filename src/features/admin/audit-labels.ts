import { fromCents } from '@contract/money'
import { formatPrice, humanize } from '@/lib/format'

/**
 * Every action the server writes to audit_log (server/services/*.ts), in words a person reads.
 * Only the admin sees audit entries (an item's history); the sender and deliverer have none.
 */
const actionLabels: Record<string, string> = {
  'item.sending_approved': 'Sending approved',
  'item.sending_rejected': 'Sending rejected',
  'item.cancel': 'Item cancelled by the sender',
  'delivery_request.create': 'Request to deliver sent',
  'delivery_request.delivery_approved': 'Request to deliver approved',
  'delivery_request.delivery_rejected': 'Request to deliver rejected',
  'request.accept': 'Sender accepted and paid',
  'request.reject': 'Sender declined the request',
  'delivery.in_process': 'Picked up',
  'delivery.delivered': 'Delivered',
  'payment.refund': 'Payment refunded',
  'info_request.sent_to_sender': 'Information requested from the sender',
  'info_request.sent_to_deliverer': 'Information requested from the deliverer',
  'info_request.respond': 'Information request answered',
  'info_request.read': 'Admin read the submitted information',
  'user.created': 'User created',
  'user.role_changed': 'Role changed',
  'user.deactivated': 'User deactivated',
  'user.reactivated': 'User reactivated',
  'term.created': 'Agreement term created',
  'term.updated': 'Agreement term updated',
  'term.deleted': 'Agreement term deleted',
  'payout_details.save': 'Payout details saved',
}

/**
 * An audit action in words; an unknown one is spelt from its parts, never shown as the raw code:
 * 'delivery_request.create' would read 'Delivery request create'.
 */
export function auditActionLabel(action: string): string {
  return actionLabels[action] ?? humanize(action.split('.').join(' ').toLowerCase())
}

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const paymentOnly = new RegExp(`^payment ${uuid}$`, 'i')
const refund = new RegExp(`^([a-z_]+): payment ${uuid}, (\\d+) cents$`, 'i')
const anyId = new RegExp(`\\s*\\b(?:payment\\s+)?${uuid}\\b`, 'gi')

/**
 * The reason shown under an entry, without internal ids: the payment an accept found reads
 * 'Payment received', a refund its amount and why; null when nothing readable is left.
 */
export function auditReasonLabel(reason: string | null | undefined): string | null {
  const text = reason?.trim()
  if (!text) return null
  if (paymentOnly.test(text)) return 'Payment received'
  const refunded = refund.exec(text)
  if (refunded) {
    const [, why = '', cents = '0'] = refunded
    return `${formatPrice(fromCents(Number(cents)))} refunded: ${humanize(why).toLowerCase()}`
  }
  const cleaned = text.replace(anyId, '').trim()
  return cleaned || null
}
