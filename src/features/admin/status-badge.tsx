import { Badge } from '@chakra-ui/react'
import { humanize } from './format'

const palette: Record<string, string> = {
  pending: 'orange',
  approved: 'green',
  accepted: 'green',
  delivered: 'green',
  ready_to_pickup: 'blue',
  in_process: 'purple',
  rejected: 'red',
  cancelled: 'gray',
}

/** A status or approval word with a colour; the text carries the meaning, not the colour. */
export function StatusBadge({ value }: { value: string | null }) {
  if (!value) return <Badge variant="outline">None</Badge>
  return (
    <Badge colorPalette={palette[value] ?? 'gray'} variant="subtle">
      {humanize(value)}
    </Badge>
  )
}
