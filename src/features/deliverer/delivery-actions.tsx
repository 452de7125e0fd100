import { Box, Button, HStack, List, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { fileMessages } from '@contract/files'
import type { HandoffStep } from '@contract/handoffs'
import type { Item } from '@contract/items'
import { allowedEvents } from '@contract/lifecycle'
import { ErrorAlert, FormAlert } from '@/components/form-alert'
import { NextStepCard } from '@/components/next-step-card'
import { formatLongDate } from '@/lib/format'
import { useSession } from '@/lib/use-session'
import { handoffKeysQueryOptions, useUpdateDeliveryStatusMutation } from './api'
import { ConfirmStepDialog, type StepSubmission } from './confirm-step-dialog'
import { useLocalSteps, type LocalStep } from './delivery-steps'
import { FileField } from './file-field'

const DELIVERY_PROOF_LABEL = 'Proof of delivery (PDF, JPEG or PNG, max 2 MB)'

const stepWords = {
  pickup: { noun: 'pickup', done: 'Picked up' },
  delivery: { noun: 'delivery', done: 'Delivered' },
} as const

/** A step this device has taken that the server has not answered yet, or has answered after the fact. */
function LocalNote({ step, local }: { step: HandoffStep; local: LocalStep }) {
  const words = stepWords[step]
  if (local.state === 'refused')
    return (
      <FormAlert status="error">
        Tote refused this {words.noun} when it arrived:{' '}
        {local.message ?? 'the code was not accepted'}. Confirm it again with a valid code.
      </FormAlert>
    )
  if (local.state === 'confirmed')
    return <FormAlert status="success">{words.done}: Tote confirmed the code.</FormAlert>
  if (local.short)
    return (
      <Text role="status" fontWeight="semibold" color="orange.fg">
        Waiting for confirmation: Tote checks the 6 digits{' '}
        {local.state === 'waiting' ? 'once you are back online' : 'now'}.
      </Text>
    )
  return (
    <Text
      role="status"
      fontWeight="semibold"
      color={local.state === 'waiting' ? 'orange.fg' : 'fg'}
    >
      {words.done} — {local.state === 'waiting' ? 'waiting to send' : 'sending…'}
    </Text>
  )
}

const pending = (local: LocalStep | null) =>
  local !== null && (local.state === 'sending' || local.state === 'waiting')

function StepItem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <List.Item>
      <Stack gap="2">
        <Text fontWeight="semibold">{title}</Text>
        {children}
      </Stack>
    </List.Item>
  )
}

/**
 * The deliverer's moves of contract/lifecycle.ts: picked up (in_process), then delivered with a
 * proof of delivery, each confirmed with the handoff code (decision 036). Both steps are listed in
 * order so the deliverer sees what comes next; only the one the lifecycle allows now acts. A step
 * proven by a signed code counts on this device at once, even offline.
 */
export function DeliveryActions({ item }: { item: Item }) {
  const update = useUpdateDeliveryStatusMutation(item.id)
  const keys = useQuery(handoffKeysQueryOptions())
  const delivererId = useSession()?.user.id ?? ''
  const local = useLocalSteps(item)
  const [proof, setProof] = useState<File | null>(null)
  const [proofError, setProofError] = useState<string | null>(null)
  const [confirming, setConfirming] = useState<HandoffStep | null>(null)

  const pickupDone = item.status === 'in_process' || item.status === 'delivered'
  const deliveryDone = item.status === 'delivered'
  const pickupLocal = pickupDone && local.pickup?.state !== 'confirmed' ? null : local.pickup
  const deliveryLocal =
    deliveryDone && local.delivery?.state !== 'confirmed' ? null : local.delivery
  const canPickUp = allowedEvents('deliverer', item).includes('pick_up') && !pending(pickupLocal)
  const canDeliver =
    allowedEvents('deliverer', { ...item, status: local.status }).includes('deliver') &&
    !pending(deliveryLocal)
  // A step the server answered after the fact keeps its note until the outbox forgets it (a day).
  if (!canPickUp && !canDeliver && !pickupLocal && !deliveryLocal) return null

  const submit = (step: HandoffStep) => (input: StepSubmission) => {
    const result = update.mutateAsync({
      itemId: item.id,
      itemName: item.name,
      status: step === 'pickup' ? 'in_process' : 'delivered',
      handoffCode: input.code,
      happenedAt: input.happenedAt,
      position: input.position,
      file: step === 'pickup' ? input.photo : proof,
    })
    if (step === 'delivery')
      void result.then(
        () => setProof(null),
        () => {},
      )
    return result
  }

  return (
    <NextStepCard
      turn="yours"
      title={`${pickupDone || pending(pickupLocal) ? 'Deliver' : 'Pick up and deliver'} by ${formatLongDate(item.delivery_deadline)}`}
    >
      <ErrorAlert error={update.error} fallback="Failed to update delivery status" />
      {update.data && !update.data.queued && (
        <FormAlert status="success">{update.data.data.message || 'Delivery updated'}</FormAlert>
      )}
      <List.Root as="ol" listStyleType="decimal" gap="5" ps="5">
        <StepItem title="Pick up the item">
          {pickupLocal && <LocalNote step="pickup" local={pickupLocal} />}
          {canPickUp ? (
            <HStack>
              <Button colorPalette="brand" minH="11" onClick={() => setConfirming('pickup')}>
                Confirm pickup
              </Button>
            </HStack>
          ) : (
            !pending(pickupLocal) && <Text color="fg.muted">Done</Text>
          )}
        </StepItem>
        <StepItem title="Hand it over with a proof of delivery">
          {deliveryLocal && <LocalNote step="delivery" local={deliveryLocal} />}
          {deliveryDone ? (
            <Text color="fg.muted">Done</Text>
          ) : canDeliver ? (
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault()
                if (!proof) return setProofError(fileMessages.deliveryMissing)
                setConfirming('delivery')
              }}
            >
              <Stack gap="3">
                <Box maxW="md">
                  <FileField
                    label={DELIVERY_PROOF_LABEL}
                    missingMessage={fileMessages.deliveryMissing}
                    file={proof}
                    error={proofError}
                    onChange={(next, problem) => {
                      setProof(next)
                      setProofError(problem)
                    }}
                  />
                </Box>
                <HStack>
                  <Button type="submit" colorPalette="brand" minH="11" disabled={!proof}>
                    Confirm delivery
                  </Button>
                </HStack>
              </Stack>
            </form>
          ) : (
            !pending(deliveryLocal) && (
              <Text color="fg.muted">
                {pending(pickupLocal)
                  ? 'Available once Tote confirms the pickup.'
                  : 'Available once you have picked the item up.'}
              </Text>
            )
          )}
        </StepItem>
      </List.Root>
      {(['pickup', 'delivery'] as const).map((step) => (
        <ConfirmStepDialog
          key={step}
          open={confirming === step}
          step={step}
          itemId={item.id}
          itemName={item.name}
          delivererId={delivererId}
          keys={keys.data ?? null}
          submit={submit(step)}
          onClose={() => setConfirming(null)}
        />
      ))}
    </NextStepCard>
  )
}
