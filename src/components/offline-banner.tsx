import { Text } from '@chakra-ui/react'
import { useIsFetching, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { NoticeBanner } from '@/components/notice-banner'
import { toaster } from '@/components/ui/toaster'
import { useIsOffline } from '@/lib/offline/network-status'
import { onStorageProblem } from '@/lib/offline/storage'

/** 'just now', '5 minutes ago', '2 hours ago', '3 days ago'. */
function formatAge(ms: number): string {
  const minutes = Math.floor(ms / 60_000)
  if (minutes < 1) return 'just now'
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`
  if (minutes < 60) return plural(minutes, 'minute')
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return plural(hours, 'hour')
  return plural(Math.floor(hours / 24), 'day')
}

/** The oldest data the page shows: the active queries' earliest successful fetch. */
function oldestShown(client: QueryClient): number | null {
  const times = client
    .getQueryCache()
    .findAll({ type: 'active' })
    .map((query) => query.state.dataUpdatedAt)
    .filter((time) => time > 0)
  return times.length ? Math.min(...times) : null
}

/**
 * docs/design.md "Offline": when the browser is offline (or the last fetch got no answer) the pages
 * show data saved on this device, and say so, with its age. Also tells the user when storage ran
 * out (lib/offline/storage.ts).
 */
export function OfflineBanner() {
  const offline = useIsOffline()
  const client = useQueryClient()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!offline) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 30_000)
    return () => clearInterval(timer)
  }, [offline])
  useEffect(
    () =>
      onStorageProblem((description) =>
        toaster.create({ type: 'warning', title: 'Storage is full', description }),
      ),
    [],
  )
  // A fetch that got no answer is being tried again (lib/query-client.ts).
  const retrying = useIsFetching({ predicate: (query) => query.state.fetchFailureCount > 0 }) > 0
  if (!offline) return null
  const oldest = oldestShown(client)
  return (
    <NoticeBanner role="status">
      <Text fontWeight="semibold">You are offline. Showing data saved on this device</Text>
      {oldest !== null && (
        <Text fontSize="sm">Last updated {formatAge(Math.max(0, now - oldest))}</Text>
      )}
      {retrying && <Text fontSize="sm">Connection problem: retrying…</Text>}
    </NoticeBanner>
  )
}
