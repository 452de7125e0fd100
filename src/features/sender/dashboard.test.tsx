import { configure, screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { storeSession } from '@/test/session'

configure({ asyncUtilTimeout: 4000 })

function stats(total: number) {
  return http.get('/api/sender-stats', () =>
    HttpResponse.json({
      success: true,
      message: 'OK',
      data: {
        total,
        by_status: {
          pending: total,
          ready_to_pickup: 0,
          in_process: 0,
          delivered: 0,
          cancelled: 0,
        },
        awaiting_approval: 0,
        requests_to_review: 0,
      },
    }),
  )
}

const noItems = http.get('/api/items', () =>
  HttpResponse.json({
    success: true,
    message: 'OK',
    data: { items: [], pagination: { current_page: 1, per_page: 5, total: 0 } },
  }),
)

describe('/dashboard (sender)', { timeout: 15_000 }, () => {
  it('each tile opens All items, filtered by its status', async () => {
    storeSession('sender')
    server.use(userDataHandler('sender'), stats(3), noItems)
    renderApp('/dashboard')
    const tiles = await screen.findByRole('region', { name: 'Your items by status' })
    expect(within(tiles).getByRole('link', { name: 'Total items' })).toHaveAttribute(
      'href',
      '/items',
    )
    expect(within(tiles).getByRole('link', { name: 'Not yet paid' })).toHaveAttribute(
      'href',
      '/items?status=pending',
    )
  })

  it('a new sender gets a first step instead of zero tiles', async () => {
    storeSession('sender')
    server.use(userDataHandler('sender'), stats(0), noItems)
    renderApp('/dashboard')
    const start = await screen.findByRole('region', { name: 'Getting started' })
    expect(within(start).getByRole('link', { name: 'Post your first item' })).toHaveAttribute(
      'href',
      '/post-item',
    )
    expect(screen.queryByRole('region', { name: 'Your items by status' })).not.toBeInTheDocument()
    // One call to post on the page, the card's (the navigation keeps its own link).
    expect(
      within(screen.getByRole('main')).queryByRole('link', { name: 'Post new item' }),
    ).not.toBeInTheDocument()
  })
})
