/**
 * Whether a deliverer's pick-up and delivery need the sender's or recipient's handoff code (the
 * lifecycle's handoff_proven guard; docs/decisions/034-handoff-codes.md): true, as the issue asks
 * for both steps; a step without its code is let through only when an admin waived it. Its own
 * module so a test can run the server with the other setting (handoff-optional.test.ts).
 */
export const HANDOFF_CODE_REQUIRED: boolean = true
