import { Badge } from '@chakra-ui/react'
import type { InfoRequest } from '@contract/items'

export type InfoBadgeText = 'Action Required' | 'Information Submitted' | 'Not needed anymore'

/**
 * docs/spec.md section 4: 'Action Required' until the user has answered, then 'Information Submitted'.
 * Once the item is no longer pending review (an admin approved or rejected it meanwhile) an
 * unanswered request cannot be answered any more (Respond shows only while approval is pending):
 * it reads 'Not needed anymore' instead of asking for an action that is impossible.
 */
export function infoBadgeText(request: InfoRequest, approvalPending: boolean): InfoBadgeText {
  if (request.sender_response || request.response_at) return 'Information Submitted'
  return approvalPending ? 'Action Required' : 'Not needed anymore'
}

const palette: Record<InfoBadgeText, string> = {
  'Action Required': 'orange',
  'Information Submitted': 'green',
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
