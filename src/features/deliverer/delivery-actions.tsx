import { Box, Button, HStack, List, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { fileMessages } from '@contract/files'
import type { Item } from '@contract/items'
import { allowedEvents } from '@contract/lifecycle'
import { ErrorAlert, FormAlert } from '@/components/form-alert'
import { useUpdateDeliveryStatusMutation } from './api'
import { ConfirmStepDialog } from './confirm-step-dialog'
import { ActionSection } from './detail-parts'
import { FileField } from './file-field'

const DELIVERY_PROOF_LABEL = 'Proof of delivery (PDF, JPEG or PNG, max 2 MB)'

type Step = 'pickup' | 'deliver'

/**
 * The deliverer's moves of contract/lifecycle.ts: picked up (in_process), then delivered with a
 * proof of delivery. Both steps are listed in order so the deliverer sees what comes next; only the
 * one the lifecycle allows now acts.
 */
export function DeliveryActions({ item }: { item: Item }) {
  const update = useUpdateDeliveryStatusMutation()
  const [proof, setProof] = useState<File | null>(null)
  const [proofError, setProofError] = useState<string | null>(null)
  const [confirming, setConfirming] = useState<Step | null>(null)
  const allowed = allowedEvents('deliverer', item)
  const current: Step | null = allowed.includes('pick_up')
    ? 'pickup'
    : allowed.includes('deliver')
      ? 'deliver'
      : null
  if (!current) return null

  const confirm = () => {
    setConfirming(null)
    if (current === 'pickup') update.mutate({ itemId: item.id, status: 'in_process' })
    else if (proof) update.mutate({ itemId: item.id, status: 'delivered', proof })
  }

  return (
    <ActionSection id="actions-heading" title="Update delivery">
      <ErrorAlert error={update.error} fallback="Failed to update delivery status" />
      {update.isSuccess && (
        <FormAlert status="success">{update.data.message || 'Delivery updated'}</FormAlert>
      )}
      <List.Root as="ol" listStyleType="decimal" gap="5" ps="5">
        <List.Item>
          <Stack gap="2">
            <Text fontWeight="semibold">Pick up the item</Text>
            {current === 'pickup' ? (
              <HStack>
                <Button
                  colorPalette="brand"
                  loading={update.isPending}
                  onClick={() => setConfirming('pickup')}
                >
                  Mark picked up
                </Button>
              </HStack>
            ) : (
              <Text color="fg.muted">Done</Text>
            )}
          </Stack>
        </List.Item>
        <List.Item>
          <Stack gap="2">
            <Text fontWeight="semibold">Hand it over with a proof of delivery</Text>
            {current === 'pickup' ? (
              <Text color="fg.muted">Available once you have picked the item up.</Text>
            ) : (
              <form
                noValidate
                onSubmit={(event) => {
                  event.preventDefault()
                  if (!proof) return setProofError(fileMessages.deliveryMissing)
                  setConfirming('deliver')
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
                    <Button
                      type="submit"
                      colorPalette="brand"
                      disabled={!proof}
                      loading={update.isPending}
                    >
                      Mark delivered
                    </Button>
                  </HStack>
                </Stack>
              </form>
            )}
          </Stack>
        </List.Item>
      </List.Root>
      <ConfirmStepDialog
        open={confirming === 'pickup'}
        title="Confirm pickup"
        text={`Confirm that you have collected ${item.name}. The sender will see that it is on its way.`}
        confirmLabel="Yes, picked up"
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      />
      <ConfirmStepDialog
        open={confirming === 'deliver'}
        title="Confirm delivery"
        text={`Confirm that you have handed ${item.name} over at the delivery address. Your proof of delivery goes to the sender.`}
        confirmLabel="Yes, delivered"
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      />
    </ActionSection>
  )
}
