import type { TimelineEntry } from '@contract/handoffs'

export const timelineSteps = ['accepted', 'picked_up', 'delivered'] as const

export const stepTitle: Record<TimelineEntry['step'], string> = {
  accepted: 'Accepted',
  picked_up: 'Picked up',
  delivered: 'Delivered',
}

/** A device's clock and the server's differ by this much before both moments are shown. */
const RECORDED_LATE_MS = 5 * 60 * 1000

/** Whether the server recorded the step well after it happened (the phone was offline). */
export function recordedLate(entry: Pick<TimelineEntry, 'at' | 'recorded_at'>): boolean {
  const at = new Date(entry.at).getTime()
  const recorded = new Date(entry.recorded_at).getTime()
  return (
    Number.isFinite(at) && Number.isFinite(recorded) && Math.abs(recorded - at) > RECORDED_LATE_MS
  )
}

/** How a step was proven, in the sender's words; null when there is nothing to say. */
export function proofText(entry: Pick<TimelineEntry, 'step' | 'proof' | 'reason'>): string | null {
  const code = entry.step === 'picked_up' ? 'your pickup code' : "the recipient's delivery code"
  switch (entry.proof) {
    case 'code':
      return `Proven with ${code} (QR code checked on the deliverer's phone)`
    case 'short_code':
      return `Proven with the six digits of ${code}`
    case 'admin':
      return `No code: an admin allowed this step${entry.reason ? `. Reason: ${entry.reason}` : ''}`
    case 'none':
      return entry.step === 'accepted'
        ? 'You accepted the request and paid'
        : 'Recorded without a code'
  }
}

/** A link that opens the place on OpenStreetMap (no map code on this page). */
export function mapLink(lat: number, lng: number): string {
  const la = lat.toFixed(5)
  const ln = lng.toFixed(5)
  return `https://www.openstreetmap.org/?mlat=${la}&mlon=${ln}#map=17/${la}/${ln}`
}
