import { Badge } from '@chakra-ui/react'
import { humanize } from '@/lib/format'

/** One colour per state across the product; unknown values are neutral. */
export const statusPalette: Record<string, string> = {
  pending: 'yellow',
  approved: 'green',
  accepted: 'green',
  completed: 'green',
  delivered: 'green',
  ready_to_pickup: 'blue',
  in_process: 'purple',
  rejected: 'red',
  cancelled: 'red',
}

/**
 * A status or approval with its colour; the text carries the meaning, not the colour. `label`
 * spells the value (the sender's pages spell in_process 'In-process', docs/spec.md); no value shows 'None'.
 */
export function StatusBadge({
  value,
  label = humanize,
}: {
  value: string | null
  label?: (value: string) => string
}) {
  if (!value) return <Badge variant="outline">None</Badge>
  return (
    <Badge colorPalette={statusPalette[value] ?? 'gray'} variant="subtle">
      {label(value)}
    </Badge>
  )
}
