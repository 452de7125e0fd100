import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { LOAD_FAILED_MESSAGE, useSubmitAfterLoad } from './use-submit-after-load'

function Form({ load, send }: { load: () => Promise<string>; send: (loaded: string) => void }) {
  const [problem, setProblem] = useState('')
  const submit = useSubmitAfterLoad(load, send, () => setProblem(LOAD_FAILED_MESSAGE))
  return (
    <form onSubmit={submit} aria-label="Message">
      <button type="submit">Send</button>
      <p role="alert">{problem}</p>
    </form>
  )
}

function deferred() {
  let resolve!: (value: string) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<string>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('a form that loads its schema at the first submit', () => {
  it('sends once when tapped twice while the schema loads, and again on a later tap', async () => {
    const schema = deferred()
    const load = vi.fn(() => schema.promise)
    const send = vi.fn()
    render(<Form load={load} send={send} />)

    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    schema.resolve('schema')
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1))
    expect(send).toHaveBeenCalledWith('schema')
    expect(load).toHaveBeenCalledTimes(1)

    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(2))
  })

  it('says so when the schema cannot load, sends nothing, and can be tried again', async () => {
    const first = deferred()
    const load = vi.fn().mockReturnValueOnce(first.promise).mockResolvedValue('schema')
    const send = vi.fn()
    render(<Form load={load} send={send} />)

    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    first.reject(new TypeError('Failed to fetch dynamically imported module'))
    expect(await screen.findByText(LOAD_FAILED_MESSAGE)).toBeVisible()
    expect(send).not.toHaveBeenCalled()

    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await vi.waitFor(() => expect(send).toHaveBeenCalledWith('schema'))
  })
})
