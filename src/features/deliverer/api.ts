import type { z } from 'zod'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  AvailableItemsBody,
  availableItemsAnswer,
  delivererStatsAnswer,
  deliveriesAnswer,
} from '@contract/deliveries'
import type { delivererItemAnswer, Location } from '@contract/items'
import type { userConsentAnswer } from '@contract/terms'
import type { messageOnly } from '@contract/envelope'
import { api } from '@/lib/api-client'
import { liveRefresh, offlineReadable } from '@/lib/query-client'
import { submitOrQueue } from '@/lib/outbox/submit-or-queue'

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
    placeholderData: keepPreviousData,
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
    placeholderData: keepPreviousData,
    ...liveRefresh,
  })
}

export interface AvailableParams {
  origin: Location
  destination: Location
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
        origin_address: params.origin,
        destination_address: params.destination,
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
    placeholderData: keepPreviousData,
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

export type DeliveryStatusInput =
  { itemId: string; status: 'in_process' } | { itemId: string; status: 'delivered'; proof: File }

export function useUpdateDeliveryStatusMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: DeliveryStatusInput) => {
      const form = new FormData()
      form.set('item_id', input.itemId)
      form.set('status', input.status)
      if (input.status === 'delivered') form.set('proof_of_delivery', input.proof, input.proof.name)
      return api
        .post('update-delivery-status', {
          body: form,
          headers: { 'Idempotency-Key': crypto.randomUUID() },
        })
        .json<MessageAnswer>()
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: delivererKeys.all }),
  })
}
