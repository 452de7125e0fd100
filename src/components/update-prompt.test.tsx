import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { UpdatePrompt } from './update-prompt'

type Listener = (event: unknown) => void

// A stand-in for workbox-window's Workbox: records calls and lets the test fire its events.
class FakeWorkbox {
  static last: FakeWorkbox | null = null
  listeners = new Map<string, Listener[]>()
  register = vi.fn(async () => undefined)
  update = vi.fn(async () => undefined)
  messageSkipWaiting = vi.fn()
  constructor(
    public url: string,
    public options: unknown,
  ) {
    FakeWorkbox.last = this
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener({ type })
  }
}

vi.mock('workbox-window', () => ({ Workbox: FakeWorkbox }))

async function registered() {
  await waitFor(() => expect(FakeWorkbox.last?.register).toHaveBeenCalled())
  return FakeWorkbox.last as FakeWorkbox
}

describe('UpdatePrompt', () => {
  beforeEach(() => {
    FakeWorkbox.last = null
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true })
  })
  afterEach(() => {
    cleanup()
    Reflect.deleteProperty(navigator, 'serviceWorker')
  })

  it('registers nothing outside production builds', async () => {
    render(<UpdatePrompt enabled={false} />)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(FakeWorkbox.last).toBeNull()
  })

  it('registers /sw.js and stays silent until a new worker waits', async () => {
    render(<UpdatePrompt enabled />)
    const wb = await registered()
    expect(wb.url).toBe('/sw.js')
    expect(screen.queryByText('A new version of Tote is available.')).toBeNull()
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled()
  })

  it('activates the waiting worker only when the user accepts, then reloads once it controls', async () => {
    const onControlling = vi.fn()
    render(<UpdatePrompt enabled onControlling={onControlling} />)
    const wb = await registered()
    act(() => wb.emit('waiting'))

    expect(screen.getByRole('status')).toHaveTextContent('A new version of Tote is available.')
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled()

    await userEvent.click(screen.getByRole('button', { name: 'Reload to update' }))
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1)
    expect(onControlling).not.toHaveBeenCalled()

    act(() => wb.emit('controlling'))
    expect(onControlling).toHaveBeenCalledTimes(1)
  })

  it('Later hides the prompt and leaves the new worker waiting', async () => {
    render(<UpdatePrompt enabled />)
    const wb = await registered()
    act(() => wb.emit('waiting'))

    await userEvent.click(screen.getByRole('button', { name: 'Later' }))
    expect(screen.queryByText('A new version of Tote is available.')).toBeNull()
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled()
  })
})
