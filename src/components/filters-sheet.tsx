import { Box, Button, CloseButton, Drawer, Portal } from '@chakra-ui/react'
import { startTransition, useState, type ReactNode } from 'react'
import { useIsPhone } from '@/lib/use-is-phone'

interface FiltersSheetProps {
  /** How many filters are set: the button says "Filters (n)". */
  count: number
  children: ReactNode
}

/**
 * A list's filters: in place on wide screens; on phones behind a "Filters (n)" button that opens
 * them in a bottom sheet, so the results start on the first screen. The sheet stays mounted while
 * closed: a search still settling goes on to the list, and the fields keep what was typed.
 */
export function FiltersSheet({ count, children }: FiltersSheetProps) {
  const phone = useIsPhone()
  const [open, setOpen] = useState(false)
  if (!phone) return <>{children}</>
  return (
    <Drawer.Root
      open={open}
      // A transition: the tap is drawn at once and the sheet follows, rather than the page
      // waiting for the sheet's render before it paints.
      onOpenChange={(details) => startTransition(() => setOpen(details.open))}
      placement="bottom"
    >
      <Box>
        <Drawer.Trigger asChild>
          <Button variant="outline">Filters ({count})</Button>
        </Drawer.Trigger>
      </Box>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content roundedTop="l3" maxH="92dvh">
            <Drawer.Header>
              <Drawer.Title>Filters</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>{children}</Drawer.Body>
            <Drawer.Footer>
              <Button
                colorPalette="brand"
                w="full"
                onClick={() => startTransition(() => setOpen(false))}
              >
                Show results
              </Button>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton aria-label="Close" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}
