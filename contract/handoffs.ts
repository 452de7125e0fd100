import { z } from 'zod'
import { dateTime } from './dates'
import { envelope } from './envelope'
import { uuidOf } from './ids'

// Handoffs you can prove with no signal (docs/decisions/034-handoff-codes.md): when the sender
// accepts a request the server issues two signed codes, one the sender shows at pickup and one the
// recipient shows at delivery; the deliverer's phone can check them offline against the published
// keys, and the server checks them again when the step arrives.

export const handoffSteps = ['pickup', 'delivery'] as const
export type HandoffStep = (typeof handoffSteps)[number]
const handoffStep = z.enum(handoffSteps, { error: 'Step must be pickup or delivery' })

/** The `typ` of a code's protected header: a code is no other kind of token. */
export const HANDOFF_CODE_TYPE = 'tote-handoff+jwt'

/** The claims a code's payload holds (a compact JWS, ES256). */
export const handoffClaims = z.object({
  /** The item's id. */
  item: z.string(),
  /** The id of the deliverer whose accepted request the code is for. */
  deliverer: z.string(),
  step: handoffStep,
  /** Random; names this issue of the code (the server keeps it and marks it used). */
  nonce: z.string(),
  /** Seconds since the epoch, as JWT's exp and iat. */
  exp: z.number().int(),
  iat: z.number().int(),
})
export type HandoffClaims = z.infer<typeof handoffClaims>

/** The short form read aloud: six digits. */
export const SHORT_CODE = /^\d{6}$/

/** A public key of GET /api/handoff-keys (an EC P-256 JWK, never with its private part `d`). */
const publicJwk = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string(),
  y: z.string(),
  kid: z.string(),
  alg: z.literal('ES256'),
  use: z.literal('sig'),
})
/** GET /api/handoff-keys: a JWK Set, as any JOSE library reads it (not wrapped in the envelope). */
export const handoffKeysAnswer = z.object({ keys: z.array(publicJwk) })

const handoffCode = z.object({
  /** The compact JWS: what the QR code holds. */
  code: z.string(),
  /** The six digits to read aloud when a QR code cannot be scanned. */
  short_code: z.string(),
  used_at: z.string().nullable(),
})
/** GET /api/items/{id}/handoff-codes: the item's sender only. */
export const handoffCodesAnswer = envelope(z.object({ pickup: handoffCode, delivery: handoffCode }))

/** GET /api/recipient-codes/{token}: the recipient's delivery code, without an account. */
export const recipientCodeAnswer = envelope(
  z.object({ item_name: z.string(), deliverer_name: z.string(), delivery: handoffCode }),
)
export const recipientTokenParams = z.object({ token: z.string().max(200) })

/** POST /api/admin/handoffs: an admin waives the code of one step for the deliverer. */
export const adminHandoffBody = z.object({
  item_id: uuidOf('item'),
  step: handoffStep,
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(1000, 'Reason must be at most 1000 characters'),
})

const HAPPENED_AT_NOT_REAL = 'The handoff time must be a real date and time'

/** What POST /api/update-delivery-status takes besides item_id and status (multipart text fields). */
export const handoffFields = {
  /**
   * The signed code (compact JWS) or its six digits. Required for both steps (the lifecycle's
   * handoff_proven guard answers HANDOFF_CODE_REQUIRED), save a step an admin waived: so optional
   * here.
   */
  handoff_code: z.string().trim().max(2000).optional(),
  /**
   * The device's moment of the handoff (ISO 8601), required: a step queued offline reaches the
   * server later, and the server's clock would then be the wrong moment (decision 034).
   */
  happened_at: dateTime({
    notADateTime: 'The handoff time must be a date and time',
    notReal: HAPPENED_AT_NOT_REAL,
    missing: 'The handoff time is required',
  }),
  latitude: z.coerce
    .number({ error: 'Latitude must be a number' })
    .min(-90, 'Latitude must be between -90 and 90')
    .max(90, 'Latitude must be between -90 and 90')
    .optional(),
  longitude: z.coerce
    .number({ error: 'Longitude must be a number' })
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180')
    .optional(),
  accuracy_m: z.coerce
    .number({ error: 'Accuracy must be a number' })
    .min(0, 'Accuracy must be at least 0')
    .max(100_000, 'Accuracy must be at most 100000 m')
    .optional(),
}

/** One step of an item's timeline (accepted, picked up, delivered). */
export const timelineEntry = z.object({
  step: z.enum(['accepted', 'picked_up', 'delivered']),
  /** The device's moment (happened_at); the server's for acceptance and older moves. */
  at: z.string(),
  /** When the server recorded it. */
  recorded_at: z.string(),
  location: z
    .object({ lat: z.number(), lng: z.number(), accuracy_m: z.number().nullable() })
    .nullable(),
  /** The pickup photo (GET /api/files/{id}); null for other steps or none. */
  photo_url: z.string().nullable(),
  /** How the handoff was proven: a signed code, its six digits, an admin's waiver, or nothing. */
  proof: z.enum(['code', 'short_code', 'admin', 'none']),
  /** The admin's reason when they waived the code. */
  reason: z.string().nullable(),
})
export type TimelineEntry = z.infer<typeof timelineEntry>
