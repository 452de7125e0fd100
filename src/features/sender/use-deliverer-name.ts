import { useQuery } from '@tanstack/react-query'
import { deliverersQueryOptions } from './api'

/** docs/spec.md section 7: deliverer names come from GET /api/get-all-deliverers. */
export function useDelivererName(id: string | null, fallback: string | undefined) {
  const deliverers = useQuery({ ...deliverersQueryOptions(), enabled: id !== null })
  const name = deliverers.data?.find((d) => d.id === id)?.name ?? fallback
  return { name, failed: deliverers.isError }
}
