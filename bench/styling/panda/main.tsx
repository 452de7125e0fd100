// Written by `panda cssgen` at build time (npm run styling-ab:codegen): every rule the page uses.
import '../styled-system/styles.css'
import { StrictMode, startTransition, useEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { yieldToMain } from '@/lib/idle'
import { MARKS } from '../dashboard-data'
import { PandaDashboard } from './dashboard'

function Rendered() {
  useEffect(() => {
    performance.mark(MARKS.rendered)
  }, [])
  return null
}

// As src/boot.tsx starts the app, less the styling system's task (there is none to build): the
// first render in a task and a transition of its own.
await yieldToMain()
performance.mark(MARKS.renderStart)
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <PandaDashboard />
      <Rendered />
    </StrictMode>,
  )
})
