import { approvalLabels, requestLabels, stageLabels } from '../../contract/item-stage'
import type { Mail } from './mail'

export type Body = Omit<Mail, 'to'>

const sign = '\n\n— Tote'
const because = (reason?: string | null) => (reason ? `\n\nReason: ${reason}` : '')
/** Where the item (or the request) is now, in the words every screen uses (contract/item-stage.ts). */
const status = (words: string) => `\n\nStatus: ${words}`
const request = (words: string) => `\n\nYour request: ${words}`

/** The mails of admin decisions and information requests (plain text, one link each). */
export const adminMails = {
  sendingApproved: (name: string, item: string, link: string): Body => ({
    subject: `Your item "${item}": ${stageLabels.open_for_offers}`,
    text: `Hello ${name},\n\nYour item "${item}" has been approved for sending. Deliverers travelling along its route can now see it and request to carry it.${status(stageLabels.open_for_offers)}\n\nSee your item:\n${link}${sign}`,
  }),
  sendingRejected: (name: string, item: string, link: string, reason?: string | null): Body => ({
    subject: `Your item "${item}": ${stageLabels.not_approved}`,
    text: `Hello ${name},\n\nYour item "${item}" was not approved for sending, so deliverers cannot see it.${status(stageLabels.not_approved)}${because(reason)}\n\nSee your item:\n${link}${sign}`,
  }),
  deliveryApproved: (name: string, item: string, link: string): Body => ({
    subject: `Your request to deliver "${item}": ${approvalLabels.approved}`,
    text: `Hello ${name},\n\nYour request to deliver "${item}" has been approved by Tote. The sender can now see it and accept or decline it; we will let you know.${request(requestLabels.pending)}\n\nSee the item:\n${link}${sign}`,
  }),
  deliveryRejected: (name: string, item: string, link: string, reason?: string | null): Body => ({
    subject: `Your request to deliver "${item}": ${approvalLabels.rejected}`,
    text: `Hello ${name},\n\nYour request to deliver "${item}" was not approved by Tote.${request(approvalLabels.rejected)}${because(reason)}\n\nSee the item:\n${link}${sign}`,
  }),
  infoRequested: (name: string, item: string, link: string, description: string): Body => ({
    subject: `Tote needs more information about ${item}`,
    text: `Hello ${name},\n\nTote needs more information about the item "${item}":\n\n${description}\n\nPlease answer on the item's page:\n${link}${sign}`,
  }),
}

/** The mails of the item's lifecycle that ask someone to act or close it (docs/decisions/033). */
export const lifecycleMails = {
  requestAwaitsSender: (name: string, item: string, deliverer: string, link: string): Body => ({
    subject: `Your item "${item}": ${stageLabels.offer_received} from ${deliverer}`,
    text: `Hello ${name},\n\n${deliverer} asked to deliver your item "${item}" and Tote approved the request.${status(stageLabels.offer_received)}\n\nAccept it (and pay) or decline it on the item's page:\n${link}${sign}`,
  }),
  delivered: (name: string, item: string, deliverer: string, link: string): Body => ({
    subject: `Your item "${item}": ${stageLabels.delivered}`,
    text: `Hello ${name},\n\n${deliverer} delivered your item "${item}".${status(stageLabels.delivered)}\n\nThe proof of delivery is on the item's page:\n${link}${sign}`,
  }),
  autoRefunded: (name: string, item: string, deadline: string, link: string): Body => ({
    subject: `Your item "${item}": ${stageLabels.cancelled}, not delivered in time; you are refunded`,
    text: `Hello ${name},\n\nYour item "${item}" was still not delivered long after its deadline (${deadline}), so Tote cancelled the delivery and refunded your payment in full. Your bank may take a few days to show it.${status(stageLabels.cancelled)}\n\nSee your item:\n${link}${sign}`,
  }),
  deliveryCancelled: (
    name: string,
    item: string,
    sender: string,
    reason: string,
    link: string,
  ): Body => ({
    subject: `Your delivery of "${item}": ${stageLabels.cancelled}`,
    text: `Hello ${name},\n\n${sender} cancelled the delivery of "${item}" before you picked it up, so it is no longer yours to carry. They wrote:\n\n${reason}${status(stageLabels.cancelled)}\n\nSee your request:\n${link}${sign}`,
  }),
  delivererWithdrew: (
    name: string,
    item: string,
    deliverer: string,
    reason: string,
    link: string,
  ): Body => ({
    subject: `Your item "${item}": ${stageLabels.open_for_offers} again, ${deliverer} can no longer carry it`,
    text: `Hello ${name},\n\n${deliverer} gave "${item}" back before picking it up. They wrote:\n\n${reason}\n\nYour payment is refunded in full (your bank may take a few days to show it), and the item is open for offers from other deliverers again.${status(stageLabels.open_for_offers)}\n\nSee your item:\n${link}${sign}`,
  }),
  deliveryExpired: (name: string, item: string, deadline: string, link: string): Body => ({
    subject: `Your delivery of "${item}": ${stageLabels.cancelled}, not delivered in time`,
    text: `Hello ${name},\n\nThe item "${item}" was still not delivered long after its deadline (${deadline}), so Tote cancelled the delivery and refunded the sender. It is no longer yours to carry, and it will not be paid.${status(stageLabels.cancelled)}\n\nSee the delivery:\n${link}${sign}`,
  }),
}

/** The mail of a trip match (decision 024): an approved item lies on one of the deliverer's trips. */
export const tripMails = {
  itemOnTrip: (
    name: string,
    trip: { label: string; travelDate: string },
    item: { name: string; from: string; to: string; deadline: string },
    link: string,
  ): Body => ({
    subject: `An item on your trip "${trip.label}"`,
    text: `Hello ${name},\n\nA new item lies on your trip "${trip.label}" of ${trip.travelDate}: "${item.name}", from ${item.from} to ${item.to}, to be delivered by ${item.deadline}.${status(stageLabels.open_for_offers)}\n\nSee the item and request to carry it:\n${link}\n\nYou get this mail because you saved this trip in Tote; delete the trip, or turn these mails off in your profile, to stop them.${sign}`,
  }),
}

/** The mail of a message still unread 15 minutes after it came (decision 039). */
export const messageMails = {
  unread: (name: string, author: string, item: string, body: string, link: string): Body => ({
    subject: `${author} wrote to you about "${item}"`,
    text: `Hello ${name},\n\n${author} wrote to you about "${item}":\n\n${body}\n\nAnswer in Tote:\n${link}${sign}`,
  }),
}

/** The mails of disputes and refunds (decision 040): what was decided, in one sentence. */
export const moneyMails = {
  disputeOpened: (name: string, item: string, reason: string, link: string): Body => ({
    subject: `The sender reported a problem with "${item}"`,
    text: `Hello ${name},\n\nThe sender of "${item}" reported a problem with the delivery. Your earnings for it are held until Tote has looked at it; you will hear the outcome.${because(reason)}\n\nSee the delivery:\n${link}${sign}`,
  }),
  decided: (name: string, subject: string, what: string, link: string): Body => ({
    subject,
    text: `Hello ${name},\n\n${what}\n\nSee the item:\n${link}${sign}`,
  }),
}
