import { queryOptions } from '@tanstack/react-query'
import type { MoneyReport } from '@contract/ledger'
import { api } from '@/lib/api-client'
import { offlineReadable } from '@/lib/query-client'
import { adminKeys, adminLiveRefresh } from './refresh'

export type { MoneyReport }

/** GET /api/admin/money: the last 30 days (the server's default period). */
export function adminMoneyQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.money,
    ...offlineReadable,
    queryFn: async () => (await api.get('admin/money').json<{ data: MoneyReport }>()).data,
    ...adminLiveRefresh,
  })
}
