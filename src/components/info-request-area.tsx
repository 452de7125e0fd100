import type { Item } from '@contract/items'

export interface InfoRequestAreaProps {
  item: Item
  /** Whose side this is: picks info_request_to_sender or info_request_to_deliverer. */
  party: 'sender' | 'deliverer'
  /** SPEC.md section 4: Respond shows only while the user's own approval is pending. */
  approvalPending: boolean
}

// Placeholder until the admin-information area lands (sender work).
export function InfoRequestArea(_props: InfoRequestAreaProps) {
  return null
}
