import { HttpResponse, type JsonBodyType } from 'msw'
import type { z } from 'zod'

/**
 * A success answer of a faked API call, checked against the contract schema of that call
 * (contract/*.ts): a fake the server could no longer give fails the test with zod's message.
 */
export function answer<S extends z.ZodType>(schema: S, body: z.input<S>, init?: ResponseInit) {
  return HttpResponse.json(schema.parse(body) as JsonBodyType, init)
}

/** An error answer (docs/spec.md section 7): `{ success: false, message, errors? }` with its status. */
export function failure(status: number, message: string, errors?: Record<string, string[]>) {
  return HttpResponse.json({ success: false, message, errors }, { status })
}
