import { useCallback, useEffect, useRef, useState } from 'react'

type State<R> =
  | { status: 'idle'; data: undefined; error: null }
  | { status: 'pending'; data: undefined; error: null }
  | { status: 'success'; data: R; error: null }
  | { status: 'error'; data: undefined; error: unknown }

/** Flags on each state, so `if (x.isSuccess) x.data` narrows like useMutation's. */
type Flagged<R> =
  | (State<R> & { status: 'idle'; isPending: false; isSuccess: false; isError: false })
  | (State<R> & { status: 'pending'; isPending: true; isSuccess: false; isError: false })
  | (State<R> & { status: 'success'; isPending: false; isSuccess: true; isError: false })
  | (State<R> & { status: 'error'; isPending: false; isSuccess: false; isError: true })

const IDLE = { status: 'idle', data: undefined, error: null } as const
const PENDING = { status: 'pending', data: undefined, error: null } as const

function flagged<R>(state: State<R>): Flagged<R> {
  return {
    ...state,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
  } as Flagged<R>
}

export interface Callbacks<R> {
  onSuccess?: (data: R) => void
  onError?: (error: unknown) => void
}

/**
 * One async action's state for a form (pending, success with its answer, error), shaped like
 * TanStack Query's useMutation so forms read the same either way. For the public pages, which
 * must not load the query client: a visitor who only reads or logs in never downloads it.
 */
export function useAsyncAction<V, R>(action: (variables: V) => Promise<R>) {
  const [state, setState] = useState<State<R>>(IDLE)
  const actionRef = useRef(action)
  const mounted = useRef(true)
  useEffect(() => {
    actionRef.current = action
  })
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  const mutate = useCallback((variables: V, callbacks: Callbacks<R> = {}) => {
    setState(PENDING)
    actionRef.current(variables).then(
      (data) => {
        if (mounted.current) setState({ status: 'success', data, error: null })
        callbacks.onSuccess?.(data)
      },
      (error: unknown) => {
        if (mounted.current) setState({ status: 'error', data: undefined, error })
        callbacks.onError?.(error)
      },
    )
  }, [])
  const reset = useCallback(() => setState(IDLE), [])

  return { ...flagged(state), mutate, reset }
}
