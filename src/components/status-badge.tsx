import { Badge } from '@chakra-ui/react'
import { approvalLabels, itemStage, requestLabels, stageLabels } from '@contract/item-stage'
import type { Approval } from '@contract/lifecycle'
import type { Item } from '@contract/items'
import { stagePalette } from './stage-palette'

const answerPalette = { pending: 'yellow', approved: 'green', accepted: 'green', rejected: 'red' }

type StageFields = Pick<
  Item,
  'status' | 'sending_approval' | 'delivery_approval' | 'request_status'
>

/** Where an item is, in the one vocabulary of contract/item-stage.ts. */
export function ItemStageBadge({ item }: { item: StageFields }) {
  const stage = itemStage(item)
  return (
    <Badge colorPalette={stagePalette[stage]} variant="subtle">
      {stageLabels[stage]}
    </Badge>
  )
}

/**
 * An approval (an admin's answer) or a delivery request's state, in words; `kind` says which,
 * because "pending" reads "Awaiting review" for one and "Awaiting answer" for the other. No value
 * shows 'None'.
 */
export function StatusBadge(
  props:
    | { kind: 'approval'; value: Approval | null }
    | { kind: 'request'; value: keyof typeof requestLabels | null },
) {
  if (!props.value) return <Badge variant="outline">None</Badge>
  const label = props.kind === 'approval' ? approvalLabels[props.value] : requestLabels[props.value]
  return (
    <Badge colorPalette={answerPalette[props.value]} variant="subtle">
      {label}
    </Badge>
  )
}
