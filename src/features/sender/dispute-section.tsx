import { Box, Button, Dialog, Field, Heading, Input, Stack, Text, Textarea } from '@chakra-ui/react'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { z } from 'zod'
import type { SenderDispute, senderDisputeAnswer } from '@contract/disputes'
import { DISPUTE_REASON_MAX, disputeMessages } from '@contract/dispute-rules'
import { fileAccept } from '@contract/files'
import type { Item } from '@contract/items'
import { AppDialog } from '@/components/app-dialog'
import { ErrorAlert } from '@/components/form-alert'
import { toaster } from '@/components/ui/toaster'
import { api } from '@/lib/api-client'
import { formatDateTime, formatPrice } from '@/lib/format'

// "Report a problem" on a delivered item while its payment is held (docs/decisions/040): the
// deliverer is paid only once Tote has looked at it.

const disputeKey = (itemId: string) => ['item', itemId, 'dispute'] as const

function disputeQueryOptions(itemId: string) {
  return queryOptions({
    queryKey: disputeKey(itemId),
    queryFn: async ({ signal }): Promise<SenderDispute> =>
      (
        await api
          .get(`items/${encodeURIComponent(itemId)}/dispute`, { signal })
          .json<z.infer<typeof senderDisputeAnswer>>()
      ).data,
  })
}

/** Shown on a delivered item: the way to report a problem, or the dispute and its outcome. */
export function DisputeSection({ item }: { item: Item }) {
  const dispute = useQuery({
    ...disputeQueryOptions(item.id),
    enabled: item.status === 'delivered',
  })
  const [open, setOpen] = useState(false)
  const data = dispute.data
  if (item.status !== 'delivered' || !data || (!data.can_open && !data.dispute)) return null
  return (
    <Box
      as="section"
      aria-labelledby="dispute-heading"
      bg="bg"
      borderWidth="1px"
      borderRadius="xl"
      p={{ base: '4', md: '5' }}
    >
      <Stack gap="2">
        <Heading id="dispute-heading" as="h2" size="md">
          {data.dispute
            ? data.dispute.status === 'open'
              ? 'Dispute open'
              : 'Dispute resolved'
            : 'A problem with the delivery?'}
        </Heading>
        {data.dispute ? (
          <DisputeState dispute={data.dispute} />
        ) : (
          <>
            <Text>
              Report it before {formatDateTime(data.window_ends_at ?? '')}: the deliverer is paid
              only once Tote has looked at it.
            </Text>
            <Box>
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => setOpen(true)}>
                Report a problem
              </Button>
            </Box>
          </>
        )}
      </Stack>
      <AppDialog title="Report a problem" open={open} onClose={() => setOpen(false)}>
        {open && <ReportForm itemId={item.id} onClose={() => setOpen(false)} />}
      </AppDialog>
    </Box>
  )
}

function DisputeState({ dispute }: { dispute: NonNullable<SenderDispute['dispute']> }) {
  if (dispute.status === 'open')
    return (
      <Text>
        You reported a problem on {formatDateTime(dispute.opened_at)}. The payment is held until
        Tote has looked at it; we will tell you the outcome.
      </Text>
    )
  return (
    <Stack gap="1">
      <Text>
        {dispute.outcome === 'refund' && dispute.refund_amount !== null
          ? `Tote refunds you ${formatPrice(dispute.refund_amount)}; the rest goes to the deliverer.`
          : 'Tote found the delivery in order: your payment goes to the deliverer.'}
      </Text>
      {dispute.note && <Text color="fg.muted">{dispute.note}</Text>}
    </Stack>
  )
}

function ReportForm({ itemId, onClose }: { itemId: string; onClose: () => void }) {
  const queryClient = useQueryClient()
  const [reason, setReason] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string>()
  const send = useMutation({
    mutationFn: () => {
      const path = `items/${encodeURIComponent(itemId)}/dispute`
      if (!file) return api.post(path, { json: { reason: reason.trim() } }).json()
      const form = new FormData()
      form.append('reason', reason.trim())
      form.append('file', file)
      return api.post(path, { body: form }).json()
    },
    onSuccess: async () => {
      onClose()
      toaster.create({ title: disputeMessages.opened, type: 'success' })
      await queryClient.invalidateQueries({ queryKey: disputeKey(itemId) })
    },
  })
  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const missing = reason.trim() ? undefined : disputeMessages.reasonMissing
    setError(missing)
    if (!missing) send.mutate()
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          <Text>
            Tell Tote what went wrong. The deliverer is told, and paid only after a decision.
          </Text>
          <Field.Root invalid={Boolean(error)} required>
            <Field.Label>
              What went wrong?
              <Field.RequiredIndicator />
            </Field.Label>
            <Textarea
              name="reason"
              rows={5}
              maxLength={DISPUTE_REASON_MAX}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
            <Field.ErrorText>{error}</Field.ErrorText>
          </Field.Root>
          <Field.Root>
            <Field.Label>A photo or document (optional)</Field.Label>
            <Input
              type="file"
              name="file"
              accept={fileAccept}
              p="1"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            <Field.HelperText>PDF, JPEG or PNG, at most 2 MB.</Field.HelperText>
          </Field.Root>
          <ErrorAlert error={send.error} fallback="Failed to report the problem" />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" type="button" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="red" loading={send.isPending}>
          Report problem
        </Button>
      </Dialog.Footer>
    </form>
  )
}
