import { Badge } from '@chakra-ui/react'
import { statusLabel, statusPalette } from './format'

/** Lower case as SPEC.md spells the values ('in-process' on the sender's pages). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge colorPalette={statusPalette[status] ?? 'gray'} variant="subtle">
      {statusLabel(status)}
    </Badge>
  )
}
