import {
  onlineManager,
  type DefaultError,
  type EnsureQueryDataOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query'

/**
 * What a route's loader awaits for a page's data: the data (saved or fetched), or undefined once
 * the fetch failed or waits for the network. Offline with nothing saved on this device the query
 * pauses (networkMode offlineFirst retries when the network is back), and a loader that awaited
 * `ensureQueryData` itself would hold the page on its skeleton for ever; this one lets the page
 * show, and the page's own `useQuery` says it is not saved (components/pending-status) until the
 * network is back. Failures are shown by the page, not thrown as route errors.
 */
export function loadQuery<
  TQueryFnData,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(
  client: QueryClient,
  options: EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>,
): Promise<TData | undefined> {
  const loaded = client.ensureQueryData(options).catch(() => undefined)
  // ensureQueryData builds the query before it returns: it is in the cache now.
  const query = client.getQueryCache().find({ queryKey: options.queryKey, exact: true })
  if (!query) return loaded
  let stop = () => {}
  const waiting = new Promise<undefined>((resolve) => {
    // Offline, a failed first try is as good as paused: the query pauses after its retry delay.
    // Online, a pause is a hidden tab's (retries wait for focus): the loader waits as before.
    const check = () => {
      const { data, fetchStatus, fetchFailureCount } = query.state
      const stalled = fetchStatus === 'paused' || fetchFailureCount > 0
      if (data === undefined && stalled && !onlineManager.isOnline()) resolve(undefined)
    }
    stop = client.getQueryCache().subscribe((event) => {
      if (event.query === query) check()
    })
    check()
  })
  return Promise.race([loaded, waiting]).finally(stop)
}
