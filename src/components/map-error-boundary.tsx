import { Component, type ReactNode } from 'react'

interface State {
  failed: boolean
}

/** A map that cannot load (chunk offline, WebGL lost) must not take the page down with it. */
export class MapErrorBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  State
> {
  state: State = { failed: false }

  static getDerivedStateFromError(): State {
    return { failed: true }
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}
