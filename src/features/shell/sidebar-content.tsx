import { Box, Link, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { Role } from '@contract/user'
import { InstallButton } from '@/components/install-button'
import { navLinkStyle } from '@/components/nav-link-style'
import { navLinksByRole } from './nav-links'
import { QueuedLink } from './queued-link'
import type { ShellActions } from './shell-dialogs'
import { UserBlock } from './user-block'

interface SidebarContentProps {
  role: Role
  onNavigate?: () => void
  onOpenProfileSettings: () => void
  /** The layout's dialogs (logout confirmation, queued changes). */
  shell: ShellActions
  bell?: ReactNode
}

export function SidebarContent({
  role,
  onNavigate,
  onOpenProfileSettings,
  shell,
  bell,
}: SidebarContentProps) {
  return (
    <Stack h="full" gap="6" justify="space-between">
      <Stack gap="6">
        <Text fontSize="xl" fontWeight="bold" color="brand.fg" px="3">
          Tote
        </Text>
        <Box as="nav" aria-label="Main navigation">
          <Stack as="ul" gap="1" listStyleType="none">
            {navLinksByRole[role].map((link) => (
              <li key={link.to}>
                <Link asChild {...navLinkStyle}>
                  <RouterLink to={link.to} onClick={onNavigate}>
                    {link.label}
                  </RouterLink>
                </Link>
              </li>
            ))}
          </Stack>
          {bell}
          <QueuedLink onOpen={shell.openQueued} />
        </Box>
      </Stack>
      <Stack gap="3">
        <InstallButton />
        <UserBlock
          onOpenProfileSettings={onOpenProfileSettings}
          onLogout={shell.requestLogout}
          leaving={shell.leaving}
        />
      </Stack>
    </Stack>
  )
}
