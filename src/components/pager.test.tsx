import { ChakraProvider } from '@chakra-ui/react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Pager } from './pager'
import { getSystem } from './ui/system'

const renderPager = (pagination: Parameters<typeof Pager>[0]['pagination'], noun?: string) => {
  const onPage = vi.fn()
  render(
    <ChakraProvider value={getSystem()}>
      <Pager pagination={pagination} onPage={onPage} noun={noun} />
    </ChakraProvider>,
  )
  return onPage
}

describe('Pager', () => {
  it('says which rows are shown and moves one page at a time', async () => {
    const onPage = renderPager({ current_page: 2, per_page: 10, total: 45 }, 'items')
    expect(screen.getByText('Showing 11–20 of 45 items')).toBeInTheDocument()
    expect(screen.getByText('Page 2 of 5')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }))
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }))
    expect(onPage.mock.calls).toEqual([[3], [1]])
  })

  it("takes the server's last_page and cannot go past either end", () => {
    renderPager({ current_page: 5, per_page: 10, total: 45, last_page: 5 })
    expect(screen.getByText('Page 5 of 5')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled()
  })

  it('with everything on one page, shows the count alone', () => {
    renderPager({ current_page: 1, per_page: 10, total: 3, last_page: 1 })
    expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument()
    expect(screen.queryByText('Page 1 of 1')).not.toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('keeps a way back from a page past the end', () => {
    renderPager({ current_page: 3, per_page: 10, total: 0, last_page: 1 })
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled()
  })
})
