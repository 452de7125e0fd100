import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { TestProviders } from '@/test/providers'
import { createQueryClient } from '@/lib/query-client'
import { failWith } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { DocumentViewer } from './document-viewer'

function renderViewer(filePath: string | null) {
  render(
    <TestProviders queryClient={createQueryClient()}>
      <DocumentViewer filePath={filePath} title="Proof of delivery" open onClose={vi.fn()} />
    </TestProviders>,
  )
}

describe('DocumentViewer', () => {
  it('is a titled dialog that shows the server message when the file cannot load', async () => {
    server.use(failWith('get', 'proof-of-travel/*', 404, 'File not found'))
    renderViewer('uploads/abc.pdf')
    expect(await screen.findByRole('dialog', { name: 'Proof of delivery' })).toBeInTheDocument()
    expect(await screen.findByRole('alert')).toHaveTextContent('File not found')
  })

  it("falls back to 'Failed to load proof of travel document'", async () => {
    server.use(failWith('get', 'proof-of-travel/*', 500, ''))
    renderViewer('uploads/abc.pdf')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load proof of travel document',
    )
  })

  it("says 'No proof of travel document found' without a file", async () => {
    renderViewer(null)
    expect(await screen.findByText('No proof of travel document found')).toBeInTheDocument()
  })
})
