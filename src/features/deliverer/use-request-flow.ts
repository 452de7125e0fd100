import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import type { Item } from '@contract/items'
import { failureMessage } from '@/lib/api-failure'
import { delivererTermsQueryOptions, useRequestItemMutation } from './api'
import { lastListSearch } from './available-search'
import { priceToSend } from './offer-price'
import { toaster } from '@/components/ui/toaster'
import { QUEUED_MESSAGE } from '@/lib/outbox/messages'

interface Pending {
  item: Item
  file: File
  offer: string
}

/**
 * docs/spec.md section 4 request flow: request -> consent dialog -> Accept -> submit -> toast, go to
 * /available-items and reload; a failure shows the red popup. Shared by the cards and the detail.
 */
export function useRequestFlow({ onSent }: { onSent?: () => void } = {}) {
  const navigate = useNavigate()
  const mutation = useRequestItemMutation()
  // Loaded with the page, not only when the consent dialog opens, so the terms are saved on the
  // device (docs/design.md Offline) and a request can be accepted and queued offline.
  useQuery(delivererTermsQueryOptions())
  const [pending, setPending] = useState<Pending | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const start = useCallback((next: Pending) => {
    setFailure(null)
    setPending(next)
  }, [])
  const cancel = useCallback(() => setPending(null), [])
  const closeFailure = useCallback(() => setFailure(null), [])

  const accept = useCallback(() => {
    if (!pending) return
    mutation.mutate(
      {
        itemId: pending.item.id,
        itemName: pending.item.name,
        file: pending.file,
        delivererPrice: priceToSend(pending.offer, pending.item.sender_price),
      },
      {
        onSuccess: (result) => {
          setPending(null)
          onSent?.()
          toaster.create(
            result.queued
              ? { title: QUEUED_MESSAGE, type: 'info' }
              : { title: 'Request sent successfully!', type: 'success' },
          )
          // Back to the list with the route the deliverer chose there (not the detail's search).
          void navigate({ to: '/available-items', search: lastListSearch() })
        },
        onError: (error) => {
          setPending(null)
          setFailure(failureMessage(error, 'Failed to request item'))
        },
      },
    )
  }, [mutation, navigate, onSent, pending])

  return {
    consentOpen: pending !== null,
    busy: mutation.isPending,
    failure,
    start,
    cancel,
    accept,
    closeFailure,
  }
}
