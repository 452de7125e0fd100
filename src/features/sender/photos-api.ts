import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { itemPhotoAnswer } from '@contract/item-photos'
import { api } from '@/lib/api-client'
import { failureMessage } from '@/lib/api-failure'

export interface PhotoFailure {
  name: string
  message: string
}

/**
 * Uploads the photos one by one to the item just posted (docs/decisions/018-item-photos.md): one
 * refused photo does not stop the others, and each refusal keeps the server's own message.
 */
export function useUploadPhotosMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ itemId, files }: { itemId: string; files: File[] }) => {
      const failures: PhotoFailure[] = []
      for (const file of files) {
        const body = new FormData()
        body.append('photo', file, file.name)
        try {
          await api
            .post(`items/${encodeURIComponent(itemId)}/photos`, { body })
            .json<z.infer<typeof itemPhotoAnswer>>()
        } catch (error) {
          failures.push({
            name: file.name,
            message: failureMessage(error, 'The photo could not be uploaded'),
          })
        }
      }
      return failures
    },
    // The item's answers now carry its photos.
    onSettled: () => queryClient.invalidateQueries(),
  })
}

/** Removes one photo of the sender's item; the item's answers then carry the rest. */
export function useDeletePhotoMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ itemId, photoId }: { itemId: string; photoId: string }) =>
      api
        .delete(`items/${encodeURIComponent(itemId)}/photos/${encodeURIComponent(photoId)}`)
        .json<unknown>(),
    onSettled: () => queryClient.invalidateQueries(),
  })
}
