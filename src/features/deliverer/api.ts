import type { z } from 'zod'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  AvailableItemsBody,
  availableItemsAnswer,
  delivererStatsAnswer,
  deliveriesAnswer,
} from '@contract/deliveries'
import { handoffKeysAnswer } from '@contract/handoffs'
import type { delivererItemAnswer, Location } from '@contract/items'
import type { userConsentAnswer } from '@contract/terms'
import type { messageOnly } from '@contract/envelope'
import type { WithdrawDeliveryBody } from '@contract/way-out'
import { api } from '@/lib/api-client'
import { keepPreviousOnline, liveRefresh, offlineReadable } from '@/lib/query-client'
import { submitOrQueue } from '@/lib/outbox/submit-or-queue'
import { settledWithin, type QuickPosition } from '@/lib/quick-position'

/** docs/spec.md section 9: the dashboard shows 5 deliveries. */
export const DASHBOARD_DELIVERIES = 5
export const MY_DELIVERIES_PER_PAGE = 10

const delivererKeys = {
  all: ['deliverer'] as const,
  stats: ['deliverer', 'stats'] as const,
  myDeliveries: (page: number, perPage: number) =>
    ['deliverer', 'my-deliveries', { page, perPage }] as const,
  available: (params: AvailableParams) => ['deliverer', 'available-items', params] as const,
  item: (id: string) => ['deliverer', 'item', id] as const,
  consent: ['deliverer', 'consent'] as const,
  rejected: (page: number) => ['deliverer', 'rejected', { page }] as const,
}

export function delivererStatsQueryOptions() {
  return queryOptions({
    queryKey: delivererKeys.stats,
    ...offlineReadable,
    queryFn: async () =>
      (await api.get('deliverer-stats').json<z.infer<typeof delivererStatsAnswer>>()).data,
    ...liveRefresh,
  })
}

export function myDeliveriesQueryOptions(page: number, perPage: number) {
  return queryOptions({
    queryKey: delivererKeys.myDeliveries(page, perPage),
    ...offlineReadable,
    queryFn: async () =>
      (
        await api
          .get('my-deliveries', { searchParams: { per_page: perPage, page } })
          .json<z.infer<typeof deliveriesAnswer>>()
      ).data,
    placeholderData: keepPreviousOnline,
    ...liveRefresh,
  })
}

export function rejectedRequestsQueryOptions(page: number) {
  return queryOptions({
    queryKey: delivererKeys.rejected(page),
    ...offlineReadable,
    queryFn: async () =>
      (
        await api
          .get('rejected-requests', { searchParams: { per_page: 10, page } })
          .json<z.infer<typeof deliveriesAnswer>>()
      ).data,
    placeholderData: keepPreviousOnline,
    ...liveRefresh,
  })
}

export interface AvailableParams {
  /** With the destination: the route. Alone: items near it. Neither: the newest open items. */
  origin?: Location
  destination?: Location
  radiusKm: number
  page: number
  perPage: number
  search?: string
}

export function availableItemsQueryOptions(params: AvailableParams) {
  return queryOptions({
    queryKey: delivererKeys.available(params),
    ...offlineReadable,
    queryFn: async () => {
      const body: AvailableItemsBody = {
        radius_km: params.radiusKm,
        ...(params.origin && { origin_address: params.origin }),
        ...(params.destination && { destination_address: params.destination }),
      }
      const searchParams: Record<string, string | number> = {
        page: params.page,
        per_page: params.perPage,
      }
      // docs/spec.md section 5: trimmed, and sent only when there is something to send.
      const search = params.search?.trim()
      if (search) searchParams.search = search
      return (
        await api
          .post('available-items', { json: body, searchParams })
          .json<z.infer<typeof availableItemsAnswer>>()
      ).data
    },
    placeholderData: keepPreviousOnline,
    ...liveRefresh,
  })
}

export function delivererItemQueryOptions(id: string) {
  return queryOptions({
    queryKey: delivererKeys.item(id),
    ...offlineReadable,
    queryFn: async () =>
      (await api.get(`item/${id}`).json<z.infer<typeof delivererItemAnswer>>()).data,
    ...liveRefresh,
  })
}

export function delivererTermsQueryOptions() {
  return queryOptions({
    queryKey: delivererKeys.consent,
    ...offlineReadable,
    queryFn: async () => {
      const answer = await api.get('user-consent').json<z.infer<typeof userConsentAnswer>>()
      return answer.data.filter((term) => term.role === 'deliverer')
    },
  })
}

type MessageAnswer = z.infer<typeof messageOnly>

export interface RequestItemInput {
  itemId: string
  itemName: string
  file: File
  delivererPrice: number
}

/**
 * Sends the request now, or keeps it in the outbox when the network is down (docs/design.md Offline);
 * `queued: true` tells the page it is saved on this device, not yet sent.
 */
export function useRequestItemMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    // submitOrQueue decides what offline means: the default networkMode ('online') would pause
    // the mutation while offline, so nothing would be queued and the button would spin forever.
    networkMode: 'always',
    mutationFn: ({ itemId, itemName, file, delivererPrice }: RequestItemInput) =>
      submitOrQueue<MessageAnswer>({
        kind: 'request-item',
        path: 'request-item',
        fields: {
          item_id: itemId,
          accept_privacy: 'true',
          deliverer_price: String(delivererPrice),
        },
        file,
        fileField: 'proof_of_travel',
        label: `Request to deliver ${itemName}`,
      }),
    onSuccess: (result) => {
      if (!result.queued) void queryClient.invalidateQueries({ queryKey: delivererKeys.all })
    },
  })
}

/** The handoff's moment and place, taken on the device when the code was accepted (decision 036). */
export interface DeliveryStepInput {
  itemId: string
  itemName: string
  status: 'in_process' | 'delivered'
  /** The signed code or its six digits; none while codes are optional (contract/handoff-policy.ts). */
  handoffCode: string | null
  /** ISO 8601, the device's clock. */
  happenedAt: string
  /** Settles within a few seconds, null when the device gave no position. */
  position: Promise<QuickPosition | null>
  /** The proof of delivery (required for delivered) or the optional pickup photo. */
  file: File | null
}

/** The multipart text fields of POST /api/update-delivery-status, as the outbox keeps them. */
function deliveryStepFields(
  input: Omit<DeliveryStepInput, 'position' | 'file' | 'itemName'>,
  position: QuickPosition | null,
): Record<string, string> {
  const fields: Record<string, string> = {
    item_id: input.itemId,
    status: input.status,
    happened_at: input.happenedAt,
  }
  if (input.handoffCode) fields.handoff_code = input.handoffCode
  if (position) {
    fields.latitude = String(position.latitude)
    fields.longitude = String(position.longitude)
    fields.accuracy_m = String(position.accuracy_m)
  }
  return fields
}

/** Only this long is waited for a position once the code is accepted: the step never waits more. */
const POSITION_WAIT_MS = 1500

export const deliveryStepMutationKey = (itemId: string) => ['deliverer', 'step', itemId] as const

/**
 * A pickup or delivery: sent now, or kept in the outbox while offline (kind update-delivery-status,
 * decision 036), with the Idempotency-Key the server needs to check the code exactly once.
 */
export function useUpdateDeliveryStatusMutation(itemId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: deliveryStepMutationKey(itemId),
    // submitOrQueue decides what offline means (see useRequestItemMutation).
    networkMode: 'always',
    mutationFn: async (input: DeliveryStepInput) => {
      const position = await settledWithin(input.position, POSITION_WAIT_MS)
      const pickup = input.status === 'in_process'
      return submitOrQueue<MessageAnswer>({
        kind: 'update-delivery-status',
        path: 'update-delivery-status',
        fields: deliveryStepFields(input, position),
        file: input.file,
        fileField: pickup ? 'pickup_photo' : 'proof_of_delivery',
        label: `${pickup ? 'Pickup' : 'Delivery'} of ${input.itemName}`,
      })
    },
    onSuccess: (result) => {
      if (!result.queued) void queryClient.invalidateQueries({ queryKey: delivererKeys.all })
    },
  })
}

/**
 * GET /api/handoff-keys: the public keys that check handoff codes on the device. Kept on the device
 * (persisted, and cached by the worker), refreshed hourly while online (a rotated key arrives).
 */
export function handoffKeysQueryOptions() {
  return queryOptions({
    queryKey: ['handoff-keys'] as const,
    ...offlineReadable,
    staleTime: 60 * 60 * 1000,
    queryFn: async () =>
      handoffKeysAnswer.parse(await api.get('handoff-keys').json<unknown>()).keys,
  })
}

/**
 * POST /api/withdraw-delivery (decision 042): give an accepted item back before pickup. Online
 * only: the sender's refund and the item's return to the market happen on the server, at once.
 */
export function useWithdrawMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: WithdrawDeliveryBody) =>
      api.post('withdraw-delivery', { json: body }).json<MessageAnswer>(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: delivererKeys.all }),
  })
}
