import { Badge } from '@chakra-ui/react'
import type { InfoRequest } from '@contract/items'

/** SPEC.md section 4: 'Action Required' until the user has answered, then 'Information Submitted'. */
export function infoBadgeText(request: InfoRequest): string {
  return request.sender_response || request.response_at
    ? 'Information Submitted'
    : 'Action Required'
}

export function InfoBadge({ request }: { request: InfoRequest }) {
  const text = infoBadgeText(request)
  return (
    <Badge colorPalette={text === 'Action Required' ? 'orange' : 'green'} variant="solid">
      {text}
    </Badge>
  )
}
