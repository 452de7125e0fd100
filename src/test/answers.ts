import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from '@contract/error-codes'
import { failure as failureSchema } from '@contract/envelope'
import { HttpResponse, type JsonBodyType } from 'msw'
import type { z } from 'zod'

/**
 * A success answer of a faked API call, checked against the contract schema of that call
 * (contract/*.ts): a fake the server could no longer give fails the test with zod's message.
 */
export function answer<S extends z.ZodType>(schema: S, body: z.input<S>, init?: ResponseInit) {
  return HttpResponse.json(schema.parse(body) as JsonBodyType, init)
}

/**
 * An error answer (docs/spec.md section 7, decision 032): `{ success: false, message, code,
 * errors? }` with its status; the code is the catalogue's first of that status unless given.
 */
export function failure(
  status: number,
  message: string,
  errors?: Record<string, string[]>,
  code: ErrorCode = ERROR_CODES.find((c) => ERROR_STATUS[c] === status) ?? 'BAD_REQUEST',
) {
  const body = failureSchema.parse({ success: false, message, code, errors })
  return HttpResponse.json(body as JsonBodyType, { status })
}
