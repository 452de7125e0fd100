import { describe, expect, it } from 'vitest'
import { clearDraft, clearUserDrafts, loadDraft, saveDraft } from './form-draft'
import { clearUserData } from './offline/clear-user-data'

describe('form drafts', () => {
  it('keeps each user their own draft', () => {
    saveDraft('post-item', 'ann', { name: 'Lamp' })
    saveDraft('post-item', 'bob', { name: 'Chair' })
    expect(loadDraft('post-item', 'ann')).toEqual({ name: 'Lamp' })
    expect(loadDraft('post-item', 'bob')).toEqual({ name: 'Chair' })
    expect(loadDraft('post-item', undefined)).toBeNull()
    clearDraft('post-item', 'ann')
    expect(loadDraft('post-item', 'ann')).toBeNull()
    expect(loadDraft('post-item', 'bob')).toEqual({ name: 'Chair' })
  })

  it("logout removes that user's drafts only", async () => {
    saveDraft('post-item', 'ann', { name: 'Lamp' })
    saveDraft('other-form', 'ann', { x: 1 })
    saveDraft('post-item', 'bob', { name: 'Chair' })
    localStorage.setItem('tote.token', 'kept')
    clearUserDrafts('nobody')
    await clearUserData('ann')
    expect(loadDraft('post-item', 'ann')).toBeNull()
    expect(loadDraft('other-form', 'ann')).toBeNull()
    expect(loadDraft('post-item', 'bob')).toEqual({ name: 'Chair' })
    expect(localStorage.getItem('tote.token')).toBe('kept')
  })

  it('ignores a draft it cannot read', () => {
    localStorage.setItem('tote.draft.ann.post-item', '{not json')
    expect(loadDraft('post-item', 'ann')).toBeNull()
  })
})
