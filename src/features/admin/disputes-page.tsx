import {
  Box,
  Button,
  Dialog,
  Field,
  Flex,
  Heading,
  Input,
  Link,
  RadioGroup,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { Link as RouterLink } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import type { DisputeView } from '@contract/disputes'
import { AppDialog } from '@/components/app-dialog'
import { ErrorAlert, FormAlert } from '@/components/form-alert'
import { PageIntro } from '@/components/page-intro'
import { formatDateTime, formatPrice } from '@/lib/format'
import {
  adminBalancesQueryOptions,
  adminDisputesQueryOptions,
  useResolveDisputeMutation,
} from './disputes-api'
import { Empty, Loading } from './query-states'

const stepLabels: Record<string, string> = {
  accepted: 'Accepted',
  picked_up: 'Picked up',
  delivered: 'Delivered',
  disputed: 'Problem reported',
  resolved: 'Resolved',
}
const fileLabels: Record<DisputeView['files'][number]['kind'], string> = {
  dispute_file: 'Sender’s file',
  proof_of_delivery: 'Proof of delivery',
  pickup_photo: 'Pickup photo',
}

function DisputeCard({ dispute, onResolve }: { dispute: DisputeView; onResolve: () => void }) {
  return (
    <Box as="li" borderWidth="1px" borderRadius="lg" p="4" bg="bg">
      <Stack gap="3">
        <Flex justify="space-between" wrap="wrap" gap="2">
          <Heading as="h2" size="md" wordBreak="break-word">
            {dispute.item_name}
          </Heading>
          <Button size="sm" colorPalette="brand" onClick={onResolve}>
            Resolve
          </Button>
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          {dispute.sender.name} (sender) against {dispute.deliverer.name} (deliverer) · paid{' '}
          {formatPrice(dispute.paid)}, refundable {formatPrice(dispute.refundable)}
        </Text>
        <Text whiteSpace="pre-wrap">{dispute.reason}</Text>
        {/* What the two sides told each other is evidence: the item's page shows the thread. */}
        <Link asChild colorPalette="brand" fontSize="sm" alignSelf="start">
          <RouterLink
            to="/sending-approval/item/$id"
            params={{ id: dispute.item_id }}
            hash="messages"
          >
            Read the conversation and the item’s history
          </RouterLink>
        </Link>
        <Box as="ol" listStyle="none" fontSize="sm" aria-label="Timeline">
          {dispute.timeline.map((s) => (
            <li key={s.step}>
              {stepLabels[s.step] ?? s.step}: {formatDateTime(s.at)}
            </li>
          ))}
        </Box>
        {dispute.files.length > 0 && (
          <Flex as="ul" listStyle="none" gap="3" wrap="wrap" aria-label="Files">
            {dispute.files.map((f) => (
              <li key={f.url}>
                <Link href={f.url} target="_blank" rel="noreferrer" colorPalette="brand">
                  {fileLabels[f.kind]}
                </Link>
              </li>
            ))}
          </Flex>
        )}
      </Stack>
    </Box>
  )
}

/** Deliverers below zero: refunds took back more than they still had (recovered from next earnings). */
function NegativeBalances() {
  const balances = useQuery(adminBalancesQueryOptions())
  if (!balances.data?.length) return null
  return (
    <Box as="section" aria-labelledby="balances-heading" mt="8">
      <Heading id="balances-heading" as="h2" size="lg" mb="1">
        Negative balances
      </Heading>
      <Text color="fg.muted" mb="3">
        Refunds took back more than these deliverers still had; their next earnings cover it.
      </Text>
      <Stack as="ul" listStyle="none" gap="2">
        {balances.data.map((b) => (
          <Flex as="li" key={b.user_id} justify="space-between" wrap="wrap" gap="2">
            <Text wordBreak="break-word">
              {b.name} ({b.email})
            </Text>
            <Text fontWeight="semibold" color="red.fg">
              −{formatPrice(-b.balance)}
            </Text>
          </Flex>
        ))}
      </Stack>
    </Box>
  )
}

export function DisputesPage() {
  const disputes = useQuery(adminDisputesQueryOptions())
  const [resolving, setResolving] = useState<DisputeView | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  return (
    <>
      <PageIntro title="Disputes">
        Problems senders reported with a delivery. The deliverer is paid only once you resolve them.
      </PageIntro>
      <Stack gap="4">
        {message && <FormAlert status="success">{message}</FormAlert>}
        {disputes.isPending && <Loading paused={disputes.isPaused}>Loading disputes…</Loading>}
        <ErrorAlert error={disputes.error} fallback="Failed to load disputes" />
        {disputes.data?.length === 0 && <Empty title="No open disputes" />}
        {disputes.data && disputes.data.length > 0 && (
          <Stack as="ul" listStyle="none" gap="3">
            {disputes.data.map((d) => (
              <DisputeCard
                key={d.item_id}
                dispute={d}
                onResolve={() => {
                  setMessage(null)
                  setResolving(d)
                }}
              />
            ))}
          </Stack>
        )}
      </Stack>
      <NegativeBalances />
      <AppDialog
        title={resolving ? `Resolve: ${resolving.item_name}` : 'Resolve'}
        open={Boolean(resolving)}
        onClose={() => setResolving(null)}
      >
        {resolving && (
          <ResolveForm
            dispute={resolving}
            onClose={() => setResolving(null)}
            onDone={(text) => {
              setResolving(null)
              setMessage(text)
            }}
          />
        )}
      </AppDialog>
    </>
  )
}

function ResolveForm({
  dispute,
  onClose,
  onDone,
}: {
  dispute: DisputeView
  onClose: () => void
  onDone: (message: string) => void
}) {
  const resolve = useResolveDisputeMutation()
  const [outcome, setOutcome] = useState<'release' | 'refund'>('release')
  const [amount, setAmount] = useState('')
  const [note, setNote] = useState('')
  const [errors, setErrors] = useState<{ amount?: string; note?: string }>({})
  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const value = Number(amount)
    const next = {
      amount:
        outcome === 'refund' && !(value >= 0.01 && value <= dispute.refundable)
          ? `Enter an amount from $0.01 to ${formatPrice(dispute.refundable)}`
          : undefined,
      note: note.trim() ? undefined : 'Write a note for the record',
    }
    setErrors(next)
    if (next.amount || next.note) return
    resolve.mutate(
      {
        itemId: dispute.item_id,
        outcome,
        refundAmount: outcome === 'refund' ? value : undefined,
        note: note.trim(),
      },
      {
        onSuccess: () =>
          onDone(
            outcome === 'refund'
              ? `Refunded ${formatPrice(value)} and released the rest for ${dispute.item_name}`
              : `Released the payment for ${dispute.item_name}`,
          ),
      },
    )
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          <RadioGroup.Root
            value={outcome}
            onValueChange={(e) => setOutcome(e.value === 'refund' ? 'refund' : 'release')}
            aria-label="Outcome"
          >
            <Stack gap="2">
              <RadioGroup.Item value="release">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>Release: pay the deliverer</RadioGroup.ItemText>
              </RadioGroup.Item>
              <RadioGroup.Item value="refund">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>Refund part or all, release the rest</RadioGroup.ItemText>
              </RadioGroup.Item>
            </Stack>
          </RadioGroup.Root>
          {outcome === 'refund' && (
            <Field.Root invalid={Boolean(errors.amount)} required>
              <Field.Label>
                Refund amount (USD)
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                name="refund_amount"
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
              <Field.HelperText>At most {formatPrice(dispute.refundable)}</Field.HelperText>
              <Field.ErrorText>{errors.amount}</Field.ErrorText>
            </Field.Root>
          )}
          <Field.Root invalid={Boolean(errors.note)} required>
            <Field.Label>
              Note for both sides
              <Field.RequiredIndicator />
            </Field.Label>
            <Textarea
              name="note"
              rows={4}
              maxLength={2000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
            <Field.ErrorText>{errors.note}</Field.ErrorText>
          </Field.Root>
          <ErrorAlert error={resolve.error} fallback="Failed to resolve the dispute" />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" type="button" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="brand" loading={resolve.isPending}>
          Resolve dispute
        </Button>
      </Dialog.Footer>
    </form>
  )
}
