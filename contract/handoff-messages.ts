// What Tote says when a handoff code or step is refused (docs/decisions/034 and 036), once: the
// server answers with these words and the deliverer's phone, checking a code offline, uses the same
// ones. zod-free, so the phone's verifier imports it without zod.

export const HANDOFF = {
  notSigned: 'This code was not signed by Tote',
  otherItem: 'This code is for another item',
  otherStep: {
    pickup: 'This code is for the delivery, not the pickup',
    delivery: 'This code is for the pickup, not the delivery',
  },
  otherDeliverer: 'This code is for another deliverer',
  expired: 'This code has expired',
  used: 'This code was already used',
  replaced: 'This code is no longer valid',
  wrongShortCode: 'This code is not right',
  required: 'Enter the handoff code',
  future: 'The handoff time cannot be in the future',
  beforeAcceptance: 'The handoff time cannot be before the request was accepted',
  beforePickup: 'The delivery time cannot be before the pickup',
  locationPair: 'Latitude and longitude go together',
  noCodes: 'This item has no handoff codes yet',
  linkInvalid: 'This link is no longer valid',
  notWaivable: 'This step has already happened',
  waived: 'The deliverer may now mark this step without a code',
} as const
