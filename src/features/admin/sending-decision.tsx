import { Button, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { FormAlert } from '@/components/form-alert'
import { failureMessage } from '@/lib/api-failure'
import { statusLabels } from '@contract/item-stage'
import { StatusBadge } from '@/components/status-badge'
import { DecisionDialog } from './decision-dialog'
import { useSendingApprovalMutation, type AdminInfoRequest, type AdminItemRow } from './items-api'
import { SectionCard } from './section-card'

type Decision = 'approved' | 'rejected'

const wording: Record<Decision, { action: string; explanation: string; done: string }> = {
  approved: {
    action: 'Approve sending',
    explanation: 'Deliverers travelling this route will be able to see and request this item.',
    done: 'Sending approved',
  },
  rejected: {
    action: 'Reject sending',
    explanation: 'The item will not be shown to deliverers. The sender can see the reason.',
    done: 'Sending rejected',
  },
}

/** Information requests to the sender still waiting for an answer. */
function openSenderRequests(infoRequests: AdminInfoRequest[]) {
  return infoRequests.filter((r) => r.to === 'sender' && !r.response && !r.response_at)
}

function OpenRequestWarning({ open }: { open: AdminInfoRequest[] }) {
  const first = open[0]!
  return (
    <>
      {first.target.name} has not answered your information request yet (“{first.description}”). If
      you approve now, the sender sees it as not needed anymore.
    </>
  )
}

export function SendingDecision({
  item,
  infoRequests,
}: {
  item: AdminItemRow
  /** The item's information requests: an open one to the sender makes approving ask twice. */
  infoRequests: AdminInfoRequest[]
}) {
  const mutation = useSendingApprovalMutation()
  const [decision, setDecision] = useState<Decision | null>(null)
  const [done, setDone] = useState<string | null>(null)

  function open(next: Decision) {
    mutation.reset()
    setDone(null)
    setDecision(next)
  }

  function confirm(reason: string | undefined) {
    if (!decision) return
    mutation.mutate(
      { item_id: item.id, decision, reason },
      {
        onSuccess: (answer) => {
          setDone(answer.message || wording[decision].done)
          setDecision(null)
        },
      },
    )
  }

  // Once deliverers asked or the item moved on, flipping the decision would strand them.
  const locked = item.status !== 'pending'
  const unanswered = openSenderRequests(infoRequests)
  const warn = decision === 'approved' && unanswered.length > 0
  return (
    <SectionCard title="Sending approval">
      <Stack gap="4">
        <Stack direction="row" gap="2" align="center">
          <Text>Current decision:</Text>
          <StatusBadge kind="approval" value={item.sending_approval} />
        </Stack>
        {done && <FormAlert status="success">{done}</FormAlert>}
        {locked ? (
          <Text color="fg.muted">
            The item is {statusLabels[item.status].toLowerCase()}; sending can no longer be changed.
          </Text>
        ) : (
          <Stack direction="row" gap="3" wrap="wrap">
            <Button
              colorPalette="brand"
              disabled={item.sending_approval === 'approved'}
              onClick={() => open('approved')}
            >
              Approve sending
            </Button>
            <Button
              colorPalette="red"
              variant="outline"
              disabled={item.sending_approval === 'rejected'}
              onClick={() => open('rejected')}
            >
              Reject sending
            </Button>
          </Stack>
        )}
      </Stack>
      {decision && (
        <DecisionDialog
          open
          action={wording[decision].action}
          explanation={wording[decision].explanation}
          danger={decision === 'rejected'}
          warning={warn ? <OpenRequestWarning open={unanswered} /> : undefined}
          confirmLabel={warn ? 'Approve anyway' : undefined}
          pending={mutation.isPending}
          error={
            mutation.isError
              ? failureMessage(mutation.error, 'Failed to update sending approval')
              : null
          }
          onClose={() => setDecision(null)}
          onConfirm={confirm}
        />
      )}
    </SectionCard>
  )
}
