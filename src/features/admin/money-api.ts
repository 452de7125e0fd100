import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { MoneyReport } from '@contract/ledger'
import type { ReconciliationReport } from '@contract/reconciliation'
import { api } from '@/lib/api-client'
import { offlineReadable } from '@/lib/query-client'
import { adminKeys, adminLiveRefresh } from './refresh'

/** GET /api/admin/money: the last 30 days (the server's default period). */
export function adminMoneyQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.money,
    ...offlineReadable,
    queryFn: async () => (await api.get('admin/money').json<{ data: MoneyReport }>()).data,
    ...adminLiveRefresh,
  })
}

type ReconciliationAnswer = { data: { report: ReconciliationReport | null } }

/** GET /api/admin/reconciliation: the latest comparison of the ledger with the provider. */
export function reconciliationQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.reconciliation,
    ...offlineReadable,
    queryFn: async () =>
      (await api.get('admin/reconciliation').json<ReconciliationAnswer>()).data.report,
    ...adminLiveRefresh,
  })
}

/** POST /api/admin/reconciliation: compare now, and show the new report. */
export function useReconcileMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () =>
      (await api.post('admin/reconciliation').json<ReconciliationAnswer>()).data.report,
    onSuccess: (report) => queryClient.setQueryData(adminKeys.reconciliation, report),
  })
}
