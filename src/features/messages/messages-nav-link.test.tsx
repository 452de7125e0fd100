import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { storeSession } from '@/test/session'
import { itemsListHandler } from '@/test/sender-fixtures'

describe('the Messages entry', { timeout: 15_000 }, () => {
  it('is not a second current entry on All items when nothing is unread', async () => {
    storeSession('sender')
    server.use(userDataHandler('sender'), itemsListHandler([]))
    renderApp('/items')
    const allItems = await screen.findByRole('link', { name: 'All items' })
    expect(allItems).toHaveAttribute('aria-current', 'page')
    const messages = await screen.findByRole('link', { name: 'Messages' })
    expect(messages).not.toHaveAttribute('aria-current')
  })
})
