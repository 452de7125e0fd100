import { Badge } from '@chakra-ui/react'
import { statusLabel } from './format'

/** SPEC.md section 4: known statuses get a colour; any other value is neutral. */
export const statusPalette: Record<string, string> = {
  pending: 'yellow',
  accepted: 'blue',
  ready_to_pickup: 'blue',
  in_process: 'purple',
  completed: 'green',
  delivered: 'green',
  rejected: 'red',
  cancelled: 'red',
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge colorPalette={statusPalette[status] ?? 'gray'} variant="subtle">
      {statusLabel(status)}
    </Badge>
  )
}
