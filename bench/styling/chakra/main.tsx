import { ChakraProvider } from '@chakra-ui/react'
import { StrictMode, startTransition, useEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { getSystem } from '@/components/ui/system'
import { yieldToMain } from '@/lib/idle'
import { MARKS } from '../dashboard-data'
import { ChakraDashboard } from './dashboard'

function Rendered() {
  useEffect(() => {
    performance.mark(MARKS.rendered)
  }, [])
  return null
}

// As src/boot.tsx starts the app: the system in a task of its own, then the first render in a
// transition.
const root = document.getElementById('root')!
await yieldToMain()
performance.mark(MARKS.systemStart)
const system = getSystem()
performance.mark(MARKS.systemEnd)
await yieldToMain()
performance.mark(MARKS.renderStart)
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <ChakraProvider value={system}>
        <ChakraDashboard />
        <Rendered />
      </ChakraProvider>
    </StrictMode>,
  )
})
