/**
 * Whether a deliverer's pick-up and delivery need the sender's or recipient's handoff code (the
 * lifecycle's handoff_proven guard; docs/decisions/034-handoff-codes.md). False while the PWA does
 * not send codes: a code that is sent is checked, a missing one is let through. The PWA step that
 * sends codes flips it. Its own module so a test can run the server with the other setting.
 */
export const HANDOFF_CODE_REQUIRED: boolean = false
