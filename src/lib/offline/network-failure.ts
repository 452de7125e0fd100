import { TimeoutError } from 'ky'

/** A failure that brought no answer back: offline, DNS, connection reset, timeout. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || error instanceof TimeoutError
}
