import { Button, Text } from '@chakra-ui/react'
import { useState, type ReactNode } from 'react'
import { itemStage } from '@contract/item-stage'
import type { Item } from '@contract/items'
import { allowedEvents } from '@contract/lifecycle'
import { NextStepCard } from '@/components/next-step-card'
import { RatingSummary } from '@/components/rating-summary'
import { formatLongDate, formatPrice } from '@/lib/format'
import { PaymentDialog } from './payment-dialog'
import { RejectRequestDialog } from './reject-request-dialog'
import { useDelivererName } from './use-deliverer-name'

const jump = (hash: string, label: string) => (
  <Button asChild variant="outline">
    <a href={`#${hash}`}>{label}</a>
  </Button>
)

/**
 * What the sender does next with this item, or whom they wait for (issue 29): the first card of
 * /items/{id}. Accepting (and paying) and declining an offer happen here. `rating`: the delivered
 * card's rating action for the deliverer's name ("Rate Dana", or the stars given), composed by the
 * route from the ratings feature.
 */
export function SenderNextStep({
  item,
  rating,
}: {
  item: Item
  rating?: (delivererName: string) => ReactNode
}) {
  const [dialog, setDialog] = useState<'pay' | 'reject' | null>(null)
  const delivererId = item.deliverer_id ?? item.deliverer?.id ?? null
  const deliverer = useDelivererName(delivererId, item.deliverer?.name)
  const name = deliverer.name ?? 'The deliverer'
  const deadline = formatLongDate(item.delivery_deadline)
  const stage = itemStage(item)
  const close = () => setDialog(null)

  switch (stage) {
    case 'cancelled':
      return <NextStepCard turn="stopped" title="This item was cancelled" />
    case 'not_approved':
      return (
        <NextStepCard turn="stopped" title="Sending was not approved">
          <Text>
            An admin did not approve sending this item. You can post it again with the details they
            asked for.
          </Text>
        </NextStepCard>
      )
    case 'awaiting_review': {
      const asked = item.info_request_to_sender
      if (asked && !asked.sender_response && !asked.response_at)
        return (
          <NextStepCard
            turn="yours"
            title="The admin asked for more information"
            actions={jump('info-request', 'Answer the admin')}
          >
            <Text>Your item is reviewed once you answer.</Text>
          </NextStepCard>
        )
      return (
        <NextStepCard turn="theirs" waitingFor="Waiting for the admin" title="Awaiting review">
          <Text>
            An admin checks every item before deliverers see it. We tell you when it is approved;
            until then you can still edit it.
          </Text>
        </NextStepCard>
      )
    }
    case 'open_for_offers':
      return (
        <NextStepCard turn="theirs" waitingFor="Waiting for a deliverer" title="Open for offers">
          <Text>
            Deliverers travelling your way can see it now. We tell you as soon as one offers to
            carry it by {deadline}.
          </Text>
        </NextStepCard>
      )
    case 'offer_received': {
      const price = formatPrice(item.deliverer_price)
      const answers = allowedEvents('sender', item)
      return (
        <NextStepCard
          turn="yours"
          title={`${name} offers ${price}`}
          actions={
            delivererId && (
              <>
                {answers.includes('accept') && (
                  <Button colorPalette="brand" onClick={() => setDialog('pay')}>
                    Accept and pay {price}
                  </Button>
                )}
                {answers.includes('reject') && (
                  <Button variant="outline" colorPalette="red" onClick={() => setDialog('reject')}>
                    Decline
                  </Button>
                )}
              </>
            )
          }
        >
          {item.deliverer_rating && <RatingSummary summary={item.deliverer_rating} />}
          <Text>
            Your payment is held by Tote and reaches {name} only after the item is delivered.
          </Text>
          {delivererId && (
            <>
              <PaymentDialog
                open={dialog === 'pay'}
                itemId={item.id}
                itemName={item.name}
                delivererId={delivererId}
                onClose={close}
              />
              <RejectRequestDialog
                open={dialog === 'reject'}
                itemId={item.id}
                delivererId={delivererId}
                delivererName={name}
                onClose={close}
              />
            </>
          )}
        </NextStepCard>
      )
    }
    case 'paid':
      return (
        <NextStepCard
          turn="yours"
          title={`Hand the item to ${name}`}
          actions={
            <>
              {jump('handoff-codes', 'Show the pickup code')}
              {jump('messages', `Message ${name}`)}
            </>
          }
        >
          <Text>
            When {name} comes to pick it up, show them the pickup code. They deliver it by{' '}
            {deadline}.
          </Text>
        </NextStepCard>
      )
    case 'on_its_way':
      return (
        <NextStepCard
          turn="theirs"
          waitingFor={`Waiting for ${name}`}
          title="On its way"
          actions={jump('handoff-codes', 'Share the delivery code')}
        >
          <Text>
            {name} is carrying your item to the recipient by {deadline}. The recipient gives them
            the delivery code at the door.
          </Text>
        </NextStepCard>
      )
    case 'delivered':
      return (
        <NextStepCard
          turn="done"
          title="Delivered"
          actions={item.unread_messages !== undefined && rating?.(name)}
        >
          <Text>
            {name} is paid once the hold after delivery ends. Something wrong? Report a problem
            below before then.
          </Text>
        </NextStepCard>
      )
  }
}
