import { ChakraProvider } from '@chakra-ui/react'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { NOT_SAVED_OFFLINE, PendingStatus } from './pending-status'
import { getSystem } from './ui/system'

describe('PendingStatus', () => {
  it('says what loads while the query runs, and that nothing is saved when it waits offline', () => {
    const { rerender } = render(
      <ChakraProvider value={getSystem()}>
        <PendingStatus paused={false}>Loading trips…</PendingStatus>
      </ChakraProvider>,
    )
    expect(screen.getByRole('status')).toHaveTextContent('Loading trips…')
    rerender(
      <ChakraProvider value={getSystem()}>
        <PendingStatus paused>Loading trips…</PendingStatus>
      </ChakraProvider>,
    )
    expect(screen.getByRole('status')).toHaveTextContent(NOT_SAVED_OFFLINE)
  })
})
