import { Badge } from '@chakra-ui/react'
import type { InfoRequest } from '@contract/items'

export type InfoBadgeText = 'Action required' | 'Information submitted' | 'Not needed anymore'

/**
 * docs/spec.md section 4: 'Action required' until the user has answered, then 'Information submitted'.
 * Once the item is no longer pending review (an admin approved or rejected it meanwhile) an
 * unanswered request cannot be answered any more (Respond shows only while approval is pending):
 * it reads 'Not needed anymore' instead of asking for an action that is impossible.
 */
export function infoBadgeText(request: InfoRequest, approvalPending: boolean): InfoBadgeText {
  if (request.sender_response || request.response_at) return 'Information submitted'
  return approvalPending ? 'Action required' : 'Not needed anymore'
}

const palette: Record<InfoBadgeText, string> = {
  'Action required': 'orange',
  'Information submitted': 'green',
  'Not needed anymore': 'gray',
}

export function InfoBadge({
  request,
  approvalPending,
}: {
  request: InfoRequest
  /** Whether the item's sending approval is still pending. */
  approvalPending: boolean
}) {
  const text = infoBadgeText(request, approvalPending)
  return (
    <Badge colorPalette={palette[text]} variant="subtle">
      {text}
    </Badge>
  )
}
