import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { photoMessages } from '@contract/photo-rules'
import { failure } from '@/test/answers'
import { createQueryClient } from '@/lib/query-client'
import { server } from '@/test/msw-server'
import { TestProviders } from '@/test/providers'
import { ItemPhotoGallery, ItemPhotoThumb } from './item-photos'

const photos = [
  { id: 'a1', width: 1600, height: 1200 },
  { id: 'b2', width: 1200, height: 1600 },
]

beforeAll(() => {
  URL.createObjectURL = vi.fn((blob: Blob) => `blob:${blob.size}`)
  URL.revokeObjectURL = vi.fn()
})

function photoHandler(requested: string[]) {
  return http.get('/api/item-photos/:id/:size', ({ params }) => {
    requested.push(`${String(params.id)}/${String(params.size)}`)
    if (params.id === 'gone') return failure(404, photoMessages.notFound)
    return new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff]), {
      headers: { 'content-type': 'image/jpeg' },
    })
  })
}

const wrap = (ui: React.ReactNode) =>
  render(<TestProviders queryClient={createQueryClient()}>{ui}</TestProviders>)

describe('item photos', () => {
  it('shows the first thumbnail with alt text, and nothing without photos', async () => {
    const requested: string[] = []
    server.use(photoHandler(requested))
    const { rerender } = wrap(<ItemPhotoThumb photos={photos} name="Desk lamp" />)
    expect(await screen.findByRole('img', { name: 'Photo of Desk lamp' })).toHaveAttribute(
      'src',
      'blob:3',
    )
    expect(requested).toEqual(['a1/thumb'])
    rerender(
      <TestProviders queryClient={createQueryClient()}>
        <ItemPhotoThumb photos={[]} name="Desk lamp" />
      </TestProviders>,
    )
    expect(screen.queryByRole('img')).not.toBeInTheDocument()
  })

  it('opens the full photo in a dialog and steps through them', async () => {
    const requested: string[] = []
    server.use(photoHandler(requested))
    wrap(<ItemPhotoGallery photos={photos} name="Desk lamp" />)
    expect(await screen.findByRole('img', { name: 'Photo 2 of 2 of Desk lamp' })).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Open Photo 1 of 2 of Desk lamp' }))
    const dialog = await screen.findByRole('dialog', { name: 'Desk lamp: photo 1 of 2' })
    expect(
      await within(dialog).findByRole('img', { name: 'Photo 1 of 2 of Desk lamp' }),
    ).toBeVisible()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('dialog', { name: 'Desk lamp: photo 2 of 2' })).toBeVisible()
    expect(requested).toContain('a1/full')
    expect(requested).toContain('b2/full')
  })

  it('says when a photo cannot be loaded', async () => {
    server.use(photoHandler([]))
    wrap(<ItemPhotoThumb photos={[{ id: 'gone', width: 1, height: 1 }]} name="Desk lamp" />)
    expect(await screen.findByText('Photo unavailable')).toBeInTheDocument()
  })
})
