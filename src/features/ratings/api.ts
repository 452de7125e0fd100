import type { z } from 'zod'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { messageOnly } from '@contract/envelope'
import type { ratingAnswer, ratingsAnswer } from '@contract/ratings'
import { api } from '@/lib/api-client'
import { offlineReadable } from '@/lib/query-client'

const ratingKeys = {
  item: (itemId: string) => ['ratings', 'item', itemId] as const,
}

/**
 * GET /api/items/{id}/ratings: the caller's rating and, once both are in or the window ended, the
 * other side's. Kept on the device like the item it belongs to.
 */
export function itemRatingsQueryOptions(itemId: string) {
  return queryOptions({
    queryKey: ratingKeys.item(itemId),
    ...offlineReadable,
    queryFn: async () =>
      (await api.get(`items/${itemId}/ratings`).json<z.infer<typeof ratingsAnswer>>()).data,
  })
}

export interface RateInput {
  stars: number
  comment: string
}

/** POST /api/items/{id}/rating: once, no edits (a second is 409 ALREADY_RATED). */
export function useRateMutation(itemId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ stars, comment }: RateInput) =>
      (
        await api
          .post(`items/${itemId}/rating`, {
            json: { stars, ...(comment.trim() ? { comment } : {}) },
          })
          .json<z.infer<typeof ratingAnswer>>()
      ).data.rating,
    // The answer may reveal theirs (both are in now): ask again rather than guess.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ratingKeys.item(itemId) }),
  })
}

/** POST /api/ratings/{id}/report, with a reason. */
export function useReportRatingMutation() {
  return useMutation({
    mutationFn: async ({ ratingId, reason }: { ratingId: string; reason: string }) =>
      api
        .post(`ratings/${ratingId}/report`, { json: { reason } })
        .json<z.infer<typeof messageOnly>>(),
  })
}
