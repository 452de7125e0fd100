import { Text } from '@chakra-ui/react'
import { approvalLabels } from '@contract/item-stage'
import type { Item } from '@contract/items'
import { formatLongDateTime, formatPlace, humanize } from '@/lib/format'
import { Detail, DetailCard, DetailList } from './detail-card'

export function BasicInfo({ item }: { item: Item }) {
  return (
    <DetailCard title="Basic info">
      <DetailList>
        <Detail label="Name">{item.name}</Detail>
        <Detail label="Category">{humanize(item.category)}</Detail>
        <Detail label="Sending approval">{approvalLabels[item.sending_approval]}</Detail>
        <Detail label="Posted">{formatLongDateTime(item.created_at)}</Detail>
      </DetailList>
    </DetailCard>
  )
}

export function Description({ item }: { item: Item }) {
  return (
    <DetailCard title="Description">
      <Text whiteSpace="pre-wrap">{item.description || 'No description provided'}</Text>
    </DetailCard>
  )
}

export function Specifications({ item }: { item: Item }) {
  const { length, width, height } = item.dimensions
  return (
    <DetailCard title="Specifications">
      <DetailList>
        <Detail label="Quantity">{item.quantity}</Detail>
        <Detail label="Weight">{item.weight} kg</Detail>
        <Detail label="Dimensions">
          {length} x {width} x {height} cm
        </Detail>
        <Detail label="Fragile">{item.is_fragile ? 'Yes' : 'No'}</Detail>
      </DetailList>
    </DetailCard>
  )
}

export function DeliveryInfo({ item }: { item: Item }) {
  return (
    <DetailCard title="Delivery info">
      <DetailList>
        <Detail label="From">{formatPlace(item.from_location)}</Detail>
        <Detail label="To">{formatPlace(item.to_location)}</Detail>
        <Detail label="Delivery phone">{item.delivery_phone}</Detail>
        <Detail label="Delivery address">{item.delivery_address}</Detail>
        <Detail label="Delivery deadline">{formatLongDateTime(item.delivery_deadline)}</Detail>
        <Detail label="Special instructions">{item.special_instructions || 'None'}</Detail>
        <Detail label="Pickup address">{item.pickup?.address || 'Not given'}</Detail>
        <Detail label="Pickup instructions">{item.pickup?.instructions || 'None'}</Detail>
        <Detail label="Pickup phone">{item.pickup?.phone || 'Not given'}</Detail>
        <Detail label="Recipient e-mail">{item.recipient_email || 'Not given'}</Detail>
      </DetailList>
    </DetailCard>
  )
}
