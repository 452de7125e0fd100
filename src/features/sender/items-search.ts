import type { SearchSchemaInput } from '@tanstack/react-router'
import type { Category, ItemsQuery } from '@contract/items'
import { itemStatuses, type ItemStatus } from '@contract/lifecycle'
import { oneOf } from '@/lib/search-params'

// Copies of contract/items.ts lists, type-checked against it: importing the values would pull
// zod into the first-load bundle, because validateSearch is not code-split. The statuses come from
// the zod-free lifecycle (docs/decisions/030-lifecycle-table.md), so a new one is in every filter.
export const categoryList = [
  'electronics',
  'clothing',
  'documents',
  'food',
  'other',
] as const satisfies readonly Category[]
export const pageSizeList = [10, 25, 50] as const
const sortColumns = [
  'created_at',
  'updated_at',
  'name',
  'category',
  'status',
  'delivery_deadline',
  'sender_price',
] as const satisfies readonly NonNullable<ItemsQuery['sort_by']>[]
export type SortColumn = (typeof sortColumns)[number]

/** The /items state kept in the URL so a reload or a shared link shows the same list. */
export interface ItemsSearch {
  page: number
  per_page: (typeof pageSizeList)[number]
  sort_by: SortColumn
  sort_order: 'asc' | 'desc'
  status?: ItemStatus
  category?: Category
  search?: string
}

/** docs/spec.md section 9 defaults; left out of the URL so plain /items stays plain. */
export const itemsSearchDefaults = {
  page: 1,
  per_page: 10,
  sort_by: 'created_at',
  sort_order: 'desc',
} as const satisfies Partial<ItemsSearch>

/**
 * Hand-written rather than zod: validateSearch runs in the first-load route tree, and this keeps
 * zod out of it. Anything unknown falls back to docs/spec.md's defaults (10 a page, newest first).
 * Every input key is optional, so plain links to /items need no search object.
 */
export function parseItemsSearch(
  raw: Partial<Record<keyof ItemsSearch, unknown>> & SearchSchemaInput,
): ItemsSearch {
  const page = Number(raw.page)
  const search = typeof raw.search === 'string' ? raw.search.trim().slice(0, 100) : ''
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    per_page: oneOf(pageSizeList, raw.per_page) ?? 10,
    sort_by: oneOf(sortColumns, raw.sort_by) ?? 'created_at',
    sort_order: raw.sort_order === 'asc' ? 'asc' : 'desc',
    ...(oneOf(itemStatuses, raw.status) && { status: oneOf(itemStatuses, raw.status) }),
    ...(oneOf(categoryList, raw.category) && { category: oneOf(categoryList, raw.category) }),
    ...(search && { search }),
  }
}
