import { Box, CloseButton, Drawer, Flex, IconButton, Portal, Text } from '@chakra-ui/react'
import { startTransition, useState, type ReactNode } from 'react'
import type { Role } from '@contract/user'
import { OfflineBanner } from '@/components/offline-banner'
import { SkipLink } from '@/components/skip-link'
import { SidebarContent } from './sidebar-content'
import { useShellDialogs } from './shell-dialogs'
import { useMarkAppReady } from '@/lib/app-ready'
import { MenuIcon } from '@/components/icons'
import { useIsPhone } from '@/lib/use-is-phone'
import { SignInAgainBanner } from './sign-in-again-banner'
import { WrongRoleNotice } from './wrong-role-notice'

interface AppLayoutProps {
  role: Role
  onOpenProfileSettings: () => void
  /** The notification bell, given by the route (shell does not import features). */
  renderBell?: RenderBell
  children: ReactNode
}

/** 'sidebar': an entry under the links (onNavigate closes the phone menu); 'header': an icon. */
export type RenderBell = (place: 'sidebar' | 'header', onNavigate?: () => void) => ReactNode

/**
 * Sidebar on wide screens, a drawer behind a menu button on phones. Only the one the screen shows
 * is rendered: on a phone, the hidden sidebar (links, bell, user block with its selects) was a
 * good part of every start's render and styles. Without matchMedia (tests, no-media-query
 * agents) the sidebar is the answer.
 */
export function AppLayout({ role, onOpenProfileSettings, renderBell, children }: AppLayoutProps) {
  useMarkAppReady()
  const phone = useIsPhone()
  const [menuOpen, setMenuOpen] = useState(false)
  // Held here, not in the sidebar or the menu, so they survive a switch between the two.
  const shell = useShellDialogs()
  const openProfile = () => {
    setMenuOpen(false)
    onOpenProfileSettings()
  }

  return (
    <Flex minH="100dvh" direction={{ base: 'row', mdDown: 'column' }} bg="bg.subtle">
      <SkipLink />
      {phone && (
        <Flex
          as="header"
          hideFrom="md"
          align="center"
          gap="2"
          px="3"
          py="2"
          bg="bg"
          borderBottomWidth="1px"
          position="sticky"
          top="0"
          zIndex="sticky"
        >
          <Drawer.Root
            open={menuOpen}
            // A transition: the tap is drawn at once and the menu (links, bell, user block,
            // mounted on opening) follows, rather than the page waiting for its first render.
            onOpenChange={(details) => startTransition(() => setMenuOpen(details.open))}
            placement="start"
            lazyMount
            unmountOnExit
          >
            <Drawer.Trigger asChild>
              <IconButton aria-label="Open menu" variant="ghost">
                <MenuIcon />
              </IconButton>
            </Drawer.Trigger>
            <Portal>
              <Drawer.Backdrop />
              <Drawer.Positioner>
                <Drawer.Content maxW="72">
                  <Drawer.Title srOnly>Menu</Drawer.Title>
                  <Drawer.Body py="4" px="3">
                    <SidebarContent
                      role={role}
                      onNavigate={() => setMenuOpen(false)}
                      onOpenProfileSettings={openProfile}
                      shell={shell.actions}
                      bell={renderBell?.('sidebar', () => setMenuOpen(false))}
                    />
                  </Drawer.Body>
                  <Drawer.CloseTrigger asChild>
                    <CloseButton size="sm" aria-label="Close menu" />
                  </Drawer.CloseTrigger>
                </Drawer.Content>
              </Drawer.Positioner>
            </Portal>
          </Drawer.Root>
          <Text fontSize="lg" fontWeight="bold" color="brand.fg" flex="1">
            Tote
          </Text>
          {renderBell?.('header')}
        </Flex>
      )}
      {!phone && (
        <Box
          as="aside"
          display={{ base: 'block', mdDown: 'none' }}
          w="64"
          flexShrink="0"
          bg="bg"
          borderRightWidth="1px"
          px="3"
          py="5"
          position="sticky"
          top="0"
          h="100dvh"
          overflowY="auto"
        >
          <SidebarContent
            role={role}
            onOpenProfileSettings={onOpenProfileSettings}
            shell={shell.actions}
            bell={renderBell?.('sidebar')}
          />
        </Box>
      )}
      <Box
        as="main"
        id="main"
        tabIndex={-1}
        flex="1"
        minW="0"
        px={{ base: '4', md: '8' }}
        py={{ base: '5', md: '8' }}
      >
        <Box maxW="6xl" mx="auto">
          <OfflineBanner />
          <SignInAgainBanner />
          <WrongRoleNotice />
          {children}
        </Box>
      </Box>
      {shell.dialogs}
    </Flex>
  )
}
