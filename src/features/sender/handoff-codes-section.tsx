import { Badge, Box, Button, Grid, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Item } from '@contract/items'
import { PendingStatus } from '@/components/pending-status'
import { FormAlert } from '@/components/form-alert'
import { QrCode } from '@/components/qr-code'
import { groupDigits, ShortCode } from '@/components/short-code'
import { formatDateTime } from '@/lib/format'
import { handoffCodesQueryOptions, type HandoffCodes } from './api'
import { useShareText } from './share-code'

type Code = HandoffCodes['pickup']

/** Big enough to hit with a thumb (WCAG 2.5.5): the main actions of the handoff. */
const TAP = { minH: '44px' } as const

function UsedBadge({ code }: { code: Code }) {
  return code.used_at ? (
    <Badge colorPalette="green" variant="subtle">
      Used {formatDateTime(code.used_at)}
    </Badge>
  ) : (
    <Badge colorPalette="gray" variant="subtle">
      Not used yet
    </Badge>
  )
}

function CodeCard({
  title,
  code,
  children,
}: {
  title: string
  code: Code
  children: React.ReactNode
}) {
  return (
    <Stack
      as="article"
      aria-label={title}
      gap="3"
      borderWidth="1px"
      borderRadius="lg"
      p={{ base: '3', md: '4' }}
      minW="0"
    >
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h3" size="md">
          {title}
        </Heading>
        <UsedBadge code={code} />
      </HStack>
      {children}
    </Stack>
  )
}

function PickupCode({ item, code }: { item: Item; code: Code }) {
  if (code.used_at)
    return (
      <CodeCard title="Pickup code" code={code}>
        <Text>The deliverer confirmed the pickup with this code.</Text>
      </CodeCard>
    )
  return (
    <CodeCard title="Pickup code" code={code}>
      <Text fontWeight="semibold">Show this at pickup</Text>
      <Text color="fg.muted" fontSize="sm">
        The deliverer scans it with their phone, even with no signal.
      </Text>
      <QrCode value={code.code} label={`Pickup QR code for ${item.name}`} />
      <Text fontSize="sm">Read the six digits aloud if the QR code cannot be scanned:</Text>
      <ShortCode digits={code.short_code} label="Pickup short code" />
    </CodeCard>
  )
}

function DeliveryCode({ item, code }: { item: Item; code: Code }) {
  const [showQr, setShowQr] = useState(false)
  const { outcome, share } = useShareText()
  const deliverer = item.deliverer?.name ?? 'the deliverer'
  const text =
    `Your delivery code for ${item.name}: ${groupDigits(code.short_code)}. ` +
    `Show it to ${deliverer} when they hand the item over. ` +
    `If they ask for the full code, give them this one: ${code.code}`
  if (code.used_at)
    return (
      <CodeCard title="Delivery code" code={code}>
        <Text>The recipient's code confirmed the delivery.</Text>
      </CodeCard>
    )
  return (
    <CodeCard title="Delivery code" code={code}>
      <Text>
        The recipient shows this to the deliverer when the item arrives.
        {item.recipient_email ? ` We sent ${item.recipient_email} a link to it.` : ''}
      </Text>
      <ShortCode digits={code.short_code} label="Delivery short code" />
      <HStack gap="2" wrap="wrap">
        <Button
          colorPalette="brand"
          {...TAP}
          onClick={() => void share({ title: `Delivery code for ${item.name}`, text })}
        >
          Share with the recipient
        </Button>
        <Button
          variant="outline"
          {...TAP}
          onClick={() => setShowQr((v) => !v)}
          aria-expanded={showQr}
        >
          {showQr ? 'Hide QR code' : 'Show QR code'}
        </Button>
      </HStack>
      <Box role="status" aria-live="polite">
        {outcome === 'copied' && (
          <Text color="green.fg" fontWeight="semibold">
            Copied to clipboard!
          </Text>
        )}
        {outcome === 'failed' && (
          <Text color="red.fg">
            Could not copy the code: write down the six digits above for the recipient.
          </Text>
        )}
      </Box>
      {showQr && <QrCode value={code.code} label={`Delivery QR code for ${item.name}`} />}
    </CodeCard>
  )
}

/**
 * The sender's handoff codes (decision 034), once a request is accepted: the pickup code to show
 * the deliverer, the delivery code to pass on to the recipient, and whom to call.
 */
export function HandoffCodesSection({ item }: { item: Item }) {
  const codes = useQuery(handoffCodesQueryOptions(item.id))
  return (
    <Box
      as="section"
      id="handoff-codes"
      aria-labelledby="handoff-codes-heading"
      bg="bg"
      borderWidth="1px"
      borderRadius="xl"
      p={{ base: '4', md: '5' }}
    >
      <Stack gap="4">
        <Heading as="h2" size="md" id="handoff-codes-heading">
          Handoff codes
        </Heading>
        {item.deliverer_phone && (
          <Text>
            Your deliverer{item.deliverer ? `, ${item.deliverer.name},` : ''} can be reached at{' '}
            <Link
              href={`tel:${item.deliverer_phone.replace(/[^\d+]/g, '')}`}
              color="brand.fg"
              fontWeight="semibold"
              {...TAP}
              display="inline-flex"
              alignItems="center"
            >
              {item.deliverer_phone}
            </Link>
          </Text>
        )}
        {codes.isPending ? (
          <PendingStatus paused={codes.isPaused} spinner>
            Loading handoff codes...
          </PendingStatus>
        ) : codes.data ? (
          <Grid
            templateColumns={{ base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }}
            gap="4"
          >
            <PickupCode item={item} code={codes.data.pickup} />
            <DeliveryCode item={item} code={codes.data.delivery} />
          </Grid>
        ) : (
          <FormAlert status="error">Failed to load the handoff codes</FormAlert>
        )}
      </Stack>
    </Box>
  )
}
