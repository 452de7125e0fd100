import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react'
import { FormAlert } from '@/components/form-alert'
import { QrCode } from '@/components/qr-code'
import { ShortCode } from '@/components/short-code'
import { formatDateTime } from '@/lib/format'
import type { RecipientCodeResult } from './api'

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box
      maxW="md"
      mx="auto"
      w="full"
      bg="bg"
      borderWidth={{ base: '0', sm: '1px' }}
      borderRadius="xl"
      p={{ base: '0', sm: '8' }}
      boxShadow={{ base: 'none', sm: 'sm' }}
    >
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {children}
      </Stack>
    </Box>
  )
}

/**
 * The recipient's page behind the link of their mail (/delivery-code/{token}): the delivery code
 * as a QR code and six digits, with what the answer names (the item and the deliverer) and
 * nothing else. No account; the link ends once the item is delivered.
 */
export function RecipientCodePage({
  result,
  onRetry,
}: {
  result: RecipientCodeResult
  onRetry: () => void
}) {
  if (result.kind === 'invalid')
    return (
      <Card title="This link is no longer valid">
        <Text>
          The item was delivered, or the link is not complete. If you are still waiting for a
          delivery, ask the sender for your delivery code.
        </Text>
      </Card>
    )
  if (result.kind === 'failed')
    return (
      <Card title="Your delivery code">
        <FormAlert status="error">
          Your delivery code could not be loaded. Check your connection and try again.
        </FormAlert>
        <Box>
          <Button colorPalette="brand" minH="44px" onClick={onRetry}>
            Try again
          </Button>
        </Box>
      </Card>
    )
  const { code, savedAt } = result
  return (
    <Card title={`Your delivery code for ${code.item_name}`}>
      {savedAt && (
        <FormAlert status="info">
          You are offline: this is the code as this device saved it on {formatDateTime(savedAt)}.
        </FormAlert>
      )}
      <Text>
        <Text as="span" fontWeight="semibold">
          {code.deliverer_name}
        </Text>{' '}
        brings your item. When they hand it over, show them this QR code: they scan it with their
        phone, even with no signal.
      </Text>
      <Box alignSelf="center" w="full" maxW="320px">
        <QrCode
          value={code.delivery.code}
          label={`Delivery QR code for ${code.item_name}`}
          maxW="320px"
        />
      </Box>
      <Text>If the QR code cannot be scanned, read these six digits aloud:</Text>
      <ShortCode digits={code.delivery.short_code} label="Delivery short code" />
      <Text fontSize="sm" color="fg.muted">
        Give the code only to the person who hands you the item.
      </Text>
    </Card>
  )
}
