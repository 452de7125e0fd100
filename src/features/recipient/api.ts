import type { z } from 'zod'
import type { recipientCodeAnswer } from '@contract/handoffs'
import { apiFailure } from '@/lib/api-failure'

type RecipientCode = z.infer<typeof recipientCodeAnswer>['data']

export type RecipientCodeResult =
  | { kind: 'ok'; code: RecipientCode; savedAt: string | null }
  /** 404: the item was delivered, or the link is unknown. */
  | { kind: 'invalid' }
  /** No answer (offline, server down) and nothing saved on this device. */
  | { kind: 'failed' }

const SAVED_PREFIX = 'tote.recipient-code.'

/**
 * The code as last seen, on the recipient's own device: they may open the link again where the
 * handoff happens, with no signal. Forgotten as soon as the server says the link has ended.
 */
function loadSaved(token: string): { code: RecipientCode; savedAt: string } | null {
  try {
    const raw = localStorage.getItem(SAVED_PREFIX + token)
    return raw ? (JSON.parse(raw) as { code: RecipientCode; savedAt: string }) : null
  } catch {
    return null
  }
}

function save(token: string, code: RecipientCode | null) {
  try {
    if (code)
      localStorage.setItem(
        SAVED_PREFIX + token,
        JSON.stringify({ code, savedAt: new Date().toISOString() }),
      )
    else localStorage.removeItem(SAVED_PREFIX + token)
  } catch {
    // Storage refused (privacy mode, quota): the page still works online.
  }
}

/**
 * GET /api/recipient-codes/{token}: the delivery code without an account (decision 034). The HTTP
 * client is loaded here, not with the page's first code, as on the other public pages.
 */
export async function fetchRecipientCode(token: string): Promise<RecipientCodeResult> {
  const { api } = await import('@/lib/api-client')
  try {
    const answer = await api
      .get(`recipient-codes/${encodeURIComponent(token)}`)
      .json<z.infer<typeof recipientCodeAnswer>>()
    save(token, answer.data)
    return { kind: 'ok', code: answer.data, savedAt: null }
  } catch (error) {
    const status = apiFailure(error)?.status
    if (status === 404) {
      save(token, null)
      return { kind: 'invalid' }
    }
    const saved = loadSaved(token)
    return saved ? { kind: 'ok', ...saved } : { kind: 'failed' }
  }
}
