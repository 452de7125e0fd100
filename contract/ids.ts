import { z } from 'zod'

/** An id field of a body, query or path: a malformed one is a 400 with `message`. */
export const uuidWith = (message: string) => z.string().uuid(message)

/** An id field answering 'Unknown <what>' when malformed, the words every such field uses. */
export const uuidOf = (what: string) => uuidWith(`Unknown ${what}`)

// Any 8-4-4-4-12 hex string, as PostgreSQL's uuid type takes it. Not zod's uuid(), which also
// checks the RFC version and variant digits and so would refuse ids the database accepts.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Whether an id checked by hand (a path id answering 404 rather than 400, a token's claims) can
 * be a uuid at all: anything else would make PostgreSQL fail the query instead of finding nothing.
 */
export const isUuid = (s: string) => UUID.test(s)
