import type { z } from 'zod'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { messageOnly } from '@contract/envelope'
import type { Trip, TripBody, tripAnswer, tripsAnswer } from '@contract/trips'
import { api } from '@/lib/api-client'
import { offlineReadable } from '@/lib/query-client'

const tripKeys = {
  all: ['trips'] as const,
}

export function tripsQueryOptions() {
  return queryOptions({
    queryKey: tripKeys.all,
    ...offlineReadable,
    queryFn: async () => (await api.get('trips').json<z.infer<typeof tripsAnswer>>()).data.trips,
  })
}

/** What a trip is saved from: the route and radius of /available-items, a date and a name. */
export interface TripInput {
  origin: Trip['origin']
  destination: Trip['destination']
  radiusKm: number
  travelDate: string
  name?: string
}

const bodyOf = (input: TripInput): TripBody => ({
  origin_address: input.origin,
  destination_address: input.destination,
  radius_km: input.radiusKm,
  travel_date: input.travelDate,
  ...(input.name?.trim() && { name: input.name.trim() }),
})

export function useSaveTripMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: TripInput) =>
      (await api.post('trips', { json: bodyOf(input) }).json<z.infer<typeof tripAnswer>>()).data
        .trip,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tripKeys.all }),
  })
}

export function useUpdateTripMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, ...input }: TripInput & { id: string }) =>
      (await api.put(`trips/${id}`, { json: bodyOf(input) }).json<z.infer<typeof tripAnswer>>())
        .data.trip,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tripKeys.all }),
  })
}

export function useDeleteTripMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete(`trips/${id}`).json<z.infer<typeof messageOnly>>(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tripKeys.all }),
  })
}
