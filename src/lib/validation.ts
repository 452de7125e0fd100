import type { z } from 'zod'
import { apiFailure } from './api-failure'

export type FieldErrors = Partial<Record<string, string>>

/** The first message per field: one clear instruction beats a list. */
export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(input)
  if (result.success) return { ok: true, data: result.data }
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'form')
    errors[key] ??= issue.message
  }
  return { ok: false, errors }
}

/** The server's 400 `errors` in the same shape as client-side ones. */
export function serverFieldErrors(error: unknown): FieldErrors {
  const errors: FieldErrors = {}
  for (const [field, messages] of Object.entries(apiFailure(error)?.errors ?? {})) {
    if (messages[0]) errors[field] = messages[0]
  }
  return errors
}
