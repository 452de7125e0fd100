import { Button, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import type { Item } from '@contract/items'
import { NextStepCard } from '@/components/next-step-card'
import { formatLongDate, formatPrice } from '@/lib/format'
import { isDeclinedFor, isOpenForOffers, isRequestedBy } from './is-requested'

const toRequest = (label: string) => (
  <Button asChild colorPalette="brand">
    <a href="#request-heading">{label}</a>
  </Button>
)

/**
 * What this deliverer does next with an item they consider (issue 29), first on
 * /available-items/{id}: offer to carry it, wait for the admin or the sender, make a new offer
 * after a decline, or go to the delivery once the sender accepted theirs.
 */
export function ItemNextStep({ item, userId }: { item: Item; userId: string | undefined }) {
  const mine = userId !== undefined && item.deliverer_id === userId
  const deadline = formatLongDate(item.delivery_deadline)

  if (mine && item.request_status === 'accepted')
    return (
      <NextStepCard
        turn="yours"
        title="The sender accepted your offer"
        actions={
          <Button asChild colorPalette="brand">
            <Link to="/my-deliveries/$id" params={{ id: item.id }}>
              Open the delivery
            </Link>
          </Button>
        }
      >
        <Text>Pick it up and deliver it by {deadline}.</Text>
      </NextStepCard>
    )
  if (!isOpenForOffers(item))
    return <NextStepCard turn="stopped" title="No longer open for offers" />
  if (isRequestedBy(item, userId)) {
    const reviewed = mine && item.delivery_approval === 'approved'
    return (
      <NextStepCard
        turn="theirs"
        waitingFor={reviewed ? 'Waiting for the sender' : "Waiting for the admin's review"}
        title="Requested"
      >
        <Text>
          {reviewed
            ? 'The sender decides on your offer. We tell you as soon as they answer.'
            : 'An admin checks your request and proof of travel, then the sender decides.'}
        </Text>
      </NextStepCard>
    )
  }
  if (isDeclinedFor(item, userId))
    return (
      <NextStepCard turn="yours" title="Declined" actions={toRequest('Make a new offer')}>
        <Text>The sender declined your request. The item is still open: you can offer again.</Text>
      </NextStepCard>
    )
  return (
    <NextStepCard
      turn="yours"
      title={`Carry it for ${formatPrice(item.sender_price)}`}
      actions={toRequest('Request to deliver')}
    >
      <Text>Deliver by {deadline}. Request it with a proof of your travel.</Text>
    </NextStepCard>
  )
}
