/**
 * npm run handoff-key [-- --rotate] [-- --drop <kid>]
 * Prints a HANDOFF_SIGNING_KEY (docs/decisions/034-handoff-codes.md): a JWK Set whose one private
 * key signs the handoff codes. With --rotate, reads the current HANDOFF_SIGNING_KEY and prints it
 * with a new signing key, the old one's public part kept so codes it signed still verify. With
 * --drop <kid>, prints it without that earlier public key (once its codes have expired: 90 days
 * after it stopped signing). Set the printed value on every process, then restart them.
 */
import { parseArgs } from 'node:util'
import { handoffKeySet } from '../config'
import { keySetJson, newHandoffJwk, rotateKeySet } from '../services/handoff-keys'

const { values } = parseArgs({
  options: { rotate: { type: 'boolean' }, drop: { type: 'string' } },
})

function current() {
  const parsed = handoffKeySet.safeParse(process.env.HANDOFF_SIGNING_KEY ?? '')
  if (parsed.success) return parsed.data
  console.error('HANDOFF_SIGNING_KEY must hold the current key set to rotate or drop a key.')
  process.exit(1)
}

if (values.rotate) console.log(keySetJson(rotateKeySet(current())))
else if (values.drop) {
  const set = current()
  if (set.signing.kid === values.drop) {
    console.error('That is the signing key: rotate first, and drop it once its codes have expired.')
    process.exit(1)
  }
  console.log(keySetJson({ ...set, previous: set.previous.filter((k) => k.kid !== values.drop) }))
} else console.log(keySetJson({ signing: newHandoffJwk(), previous: [] }))
