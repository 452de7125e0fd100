import { hash, verify, type Options } from '@node-rs/argon2'
import { fieldError } from '../errors'
import { COMMON_PASSWORD, isCommonPassword } from './common-passwords'

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
// algorithm 2 = Algorithm.Argon2id (a const enum, not importable under isolatedModules).
const params: Options = {
  algorithm: 2 as Options['algorithm'],
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
}

export const hashPassword = (password: string) => hash(password, params)

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  if (!passwordHash) return false
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummy: Promise<string> | undefined
export const dummyHash = () => (dummy ??= hashPassword('not-a-real-password-' + Math.random()))

/** Refuses a password from the common-passwords list with a 400 on `field`. */
export function assertPasswordAllowed(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw fieldError(field, COMMON_PASSWORD)
}
