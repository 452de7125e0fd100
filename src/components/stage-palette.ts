import type { ItemStage } from '@contract/item-stage'

/**
 * One colour per stage across the product; the words carry the meaning, not the colour. Free of any
 * styling library: the styling A/B's Panda page (bench/styling) reads it too.
 */
export const stagePalette: Record<ItemStage, string> = {
  awaiting_review: 'yellow',
  not_approved: 'red',
  open_for_offers: 'gray',
  offer_received: 'orange',
  paid: 'blue',
  on_its_way: 'purple',
  delivered: 'green',
  cancelled: 'red',
}
