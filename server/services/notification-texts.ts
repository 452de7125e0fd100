import { approvalLabels, requestLabels, stageLabels } from '../../contract/item-stage'
import type { NotificationKind } from '../../contract/notifications'
import {
  adminMails,
  lifecycleMails,
  messageMails,
  moneyMails,
  tripMails,
  type Body,
} from './notifications'

/** What a notification is about, as notify() loaded it in the caller's transaction. */
export interface Subject {
  item: {
    id: string
    name: string
    fromAddress: string
    fromLat: number
    fromLng: number
    toAddress: string
    toLat: number
    toLng: number
    deliveryDeadline: Date
  }
  sender: string
  deliverer: string
  reason: string | null
  /** info_requested: the question; info_answered: the answer; message: its body. */
  text: string
  /** info_requested, info_answered: whose side of the item; message: the addressee's side. */
  side: 'sender' | 'deliverer'
  trip: { label: string; travelDate: string } | null
  /** trip_match: "Berlin → Munich". */
  route: string
}

export interface Written {
  title: string
  body: string
  /** The PWA path where the person acts. */
  link: string
  /** The mail, for kinds that mail (contract kindRules); null otherwise. */
  mail: ((name: string, url: string) => Body) | null
}

/** Where each side acts on an item (src/routes). */
const pages = {
  sender: (id: string) => `/items/${id}`,
  /** The deliverer's item page: their request's state, the sender's answer, information requests. */
  deliverer: (id: string) => `/available-items/${id}`,
  /** The item they carry: addresses and the next step. */
  carried: (id: string) => `/my-deliveries/${id}`,
  admin: (id: string) => `/sending-approval/item/${id}`,
}

const why = (reason: string | null) => (reason ? `Reason: ${reason}` : '')
const clip = (s: string, n = 200) => (s.length > n ? `${s.slice(0, n - 1)}…` : s)
const place = (address: string, lat: number, lng: number) =>
  address || `${lat.toFixed(3)}, ${lng.toFixed(3)}`
const day = (d: Date) => d.toISOString().slice(0, 10)

/** The words of each kind: a person reads them in the bell, the push and the mail. */
export const texts: Record<NotificationKind, (s: Subject) => Written> = {
  trip_match: ({ item, trip, route }) => ({
    title: `New item on your trip "${trip?.label ?? ''}"`,
    body: `${item.name}: ${route}`,
    link: `/available-items/${item.id}`,
    mail: (name, url) =>
      tripMails.itemOnTrip(
        name,
        trip ?? { label: '', travelDate: '' },
        {
          name: item.name,
          from: place(item.fromAddress, item.fromLat, item.fromLng),
          to: place(item.toAddress, item.toLat, item.toLng),
          deadline: day(item.deliveryDeadline),
        },
        url,
      ),
  }),
  sending_approved: ({ item }) => ({
    title: `Your item ${item.name}: ${stageLabels.open_for_offers}`,
    body: 'Deliverers travelling along its route can now see it and ask to carry it.',
    link: pages.sender(item.id),
    mail: (name, url) => adminMails.sendingApproved(name, item.name, url),
  }),
  sending_rejected: ({ item, reason }) => ({
    title: `Your item ${item.name}: ${stageLabels.not_approved}`,
    body: why(reason) || 'Deliverers cannot see it.',
    link: pages.sender(item.id),
    mail: (name, url) => adminMails.sendingRejected(name, item.name, url, reason),
  }),
  request_awaits_sender: ({ item, deliverer }) => ({
    title: `Your item ${item.name}: ${stageLabels.offer_received} from ${deliverer}`,
    body: 'Tote approved the request. Accept and pay, or decline it, on the item’s page.',
    link: pages.sender(item.id),
    mail: (name, url) => lifecycleMails.requestAwaitsSender(name, item.name, deliverer, url),
  }),
  picked_up: ({ item, deliverer }) => ({
    title: `${deliverer} picked up ${item.name}`,
    body: `${stageLabels.on_its_way}, due by ${day(item.deliveryDeadline)}.`,
    link: pages.sender(item.id),
    mail: null,
  }),
  delivered: ({ item, deliverer }) => ({
    title: `Your item ${item.name}: ${stageLabels.delivered}`,
    body: `${deliverer} delivered it. The proof of delivery is on the item’s page.`,
    link: pages.sender(item.id),
    mail: (name, url) => lifecycleMails.delivered(name, item.name, deliverer, url),
  }),
  delivery_approved: ({ item, sender }) => ({
    title: `Your request to deliver ${item.name}: ${approvalLabels.approved}`,
    body: `${sender} can now accept or decline it.`,
    link: pages.deliverer(item.id),
    mail: (name, url) => adminMails.deliveryApproved(name, item.name, url),
  }),
  delivery_rejected: ({ item, reason }) => ({
    title: `Your request to deliver ${item.name}: ${approvalLabels.rejected}`,
    body: why(reason) || 'Tote did not approve it.',
    link: pages.deliverer(item.id),
    mail: (name, url) => adminMails.deliveryRejected(name, item.name, url, reason),
  }),
  request_accepted: ({ item, sender }) => ({
    title: `Your request to deliver ${item.name}: ${requestLabels.accepted}`,
    body: `${sender} accepted it. Pick it up and deliver it by ${day(item.deliveryDeadline)}.`,
    link: pages.carried(item.id),
    mail: null,
  }),
  request_rejected: ({ item, sender, reason }) => ({
    title: `Your request to deliver ${item.name}: ${requestLabels.rejected}`,
    body: `${sender} declined it. ${why(reason)}`.trim(),
    link: pages.deliverer(item.id),
    mail: null,
  }),
  info_requested: ({ item, side, text }) => ({
    title: `Tote needs more information about ${item.name}`,
    body: clip(text),
    link: side === 'sender' ? pages.sender(item.id) : pages.deliverer(item.id),
    mail: (name, url) => adminMails.infoRequested(name, item.name, url, text),
  }),
  item_to_review: ({ item, sender }) => ({
    title: `New item to review: ${item.name}`,
    body: `${sender} posted it; approve or reject sending it.`,
    link: pages.admin(item.id),
    mail: null,
  }),
  request_to_review: ({ item, deliverer }) => ({
    title: `${deliverer} asked to deliver ${item.name}`,
    body: 'Approve or reject the request.',
    link: pages.admin(item.id),
    mail: null,
  }),
  info_answered: ({ item, side, sender, deliverer, text }) => ({
    title: `${side === 'sender' ? sender : deliverer} answered about ${item.name}`,
    body: clip(text),
    link: pages.admin(item.id),
    mail: null,
  }),
  auto_refunded: ({ item }) => ({
    title: `Your item ${item.name}: ${stageLabels.cancelled}, not delivered in time; you are refunded`,
    body: `Its deadline was ${day(item.deliveryDeadline)}. Tote cancelled the delivery and refunded your payment in full.`,
    link: pages.sender(item.id),
    mail: (name, url) =>
      lifecycleMails.autoRefunded(name, item.name, day(item.deliveryDeadline), url),
  }),
  delivery_expired: ({ item }) => ({
    title: `Your delivery of ${item.name}: ${stageLabels.cancelled}, not delivered in time`,
    body: `It was not delivered in time (its deadline was ${day(item.deliveryDeadline)}); the sender was refunded.`,
    // Not /my-deliveries/{id}: a cancelled item leaves their deliveries; their request still shows it.
    link: pages.deliverer(item.id),
    mail: (name, url) =>
      lifecycleMails.deliveryExpired(name, item.name, day(item.deliveryDeadline), url),
  }),
  delivery_cancelled: ({ item, sender, reason }) => ({
    title: `Your delivery of ${item.name}: ${stageLabels.cancelled}`,
    body: `${sender} cancelled it; it is no longer yours to carry. ${why(reason)}`.trim(),
    // Not /my-deliveries/{id}: a cancelled item leaves their deliveries; their request still shows it.
    link: pages.deliverer(item.id),
    mail: (name, url) =>
      lifecycleMails.deliveryCancelled(name, item.name, sender, reason ?? '', url),
  }),
  deliverer_withdrew: ({ item, deliverer, reason }) => ({
    title: `Your item ${item.name}: ${stageLabels.open_for_offers} again`,
    body: `${deliverer} can no longer carry it; you are refunded in full. ${why(reason)}`.trim(),
    link: pages.sender(item.id),
    mail: (name, url) =>
      lifecycleMails.delivererWithdrew(name, item.name, deliverer, reason ?? '', url),
  }),
  message: ({ item, side, sender, deliverer, text }) => {
    const author = side === 'sender' ? deliverer : sender
    return {
      title: `${author} wrote about ${item.name}`,
      body: clip(text),
      // The page of the delivery, at its conversation (the deliverer's is the item they carry).
      link: `${side === 'sender' ? pages.sender(item.id) : pages.carried(item.id)}#messages`,
      mail: (name, url) => messageMails.unread(name, author, item.name, clip(text, 1000), url),
    }
  },
  rating_reported: ({ item, reason }) => ({
    title: `A rating of ${item.name} was reported`,
    body: why(reason),
    link: pages.admin(item.id),
    mail: null,
  }),
  earnings_released: ({ item }) => ({
    title: `Your earnings for ${item.name} are available`,
    body: 'The hold after delivery has passed; see them under Payment method.',
    link: '/payment-method',
    mail: null,
  }),
  dispute_opened: ({ item, text }) => ({
    title: `The sender reported a problem with ${item.name}`,
    body: `Your earnings for it are held until Tote has looked at it. ${clip(text)}`,
    link: pages.carried(item.id),
    mail: (name, url) => moneyMails.disputeOpened(name, item.name, clip(text, 2000), url),
  }),
  dispute_to_review: ({ item, sender, text }) => ({
    title: `${sender} opened a dispute about ${item.name}`,
    body: clip(text),
    link: '/disputes',
    mail: null,
  }),
  dispute_resolved: ({ item, side, text }) => ({
    title: `Tote resolved the dispute about ${item.name}`,
    body: text,
    link: side === 'sender' ? pages.sender(item.id) : '/payment-method',
    mail: (name, url) =>
      moneyMails.decided(name, `The dispute about "${item.name}" was resolved`, text, url),
  }),
  refund_issued: ({ item, side, text }) => ({
    title: side === 'sender' ? `Tote refunded you for ${item.name}` : `A refund for ${item.name}`,
    body: text,
    link: side === 'sender' ? pages.sender(item.id) : '/payment-method',
    mail: (name, url) =>
      moneyMails.decided(
        name,
        side === 'sender'
          ? `A refund for "${item.name}"`
          : `A refund for your delivery of "${item.name}"`,
        text,
        url,
      ),
  }),
}
