import { Box, Button, Container, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { SkipLink } from '@/components/skip-link'
import { useMarkAppReady } from '@/lib/app-ready'
import { roleHome } from '@/lib/role-home'
import { useSession } from '@/lib/use-session'

const headerLinks = [
  { to: '/how-it-works', label: 'How it works' },
  { to: '/faq', label: 'FAQ' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
] as const

const footerLinks = [
  ...headerLinks,
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms of service' },
] as const

function HeaderActions() {
  const session = useSession()
  if (session) {
    return (
      <Button asChild size="sm" colorPalette="brand">
        <RouterLink to={roleHome(session.user.role)}>Go to your dashboard</RouterLink>
      </Button>
    )
  }
  return (
    <HStack gap="2">
      <Button asChild size="sm" variant="ghost">
        <RouterLink to="/login">Log in</RouterLink>
      </Button>
      <Button asChild size="sm" colorPalette="brand">
        <RouterLink to="/signup">Sign up</RouterLink>
      </Button>
    </HStack>
  )
}

export function PublicLayout({ children }: { children: ReactNode }) {
  useMarkAppReady()
  return (
    <Flex direction="column" minH="100dvh">
      <SkipLink />
      <Box as="header" borderBottomWidth="1px" bg="bg">
        <Container maxW="6xl" py="3">
          <Flex align="center" justify="space-between" gap="4" wrap="wrap">
            <Link asChild fontSize="xl" fontWeight="bold" color="brand.fg" textDecoration="none">
              <RouterLink to="/">Tote</RouterLink>
            </Link>
            <Box
              as="nav"
              aria-label="Main navigation"
              order={{ base: 3, md: 2 }}
              w={{ base: 'full', md: 'auto' }}
            >
              <HStack
                as="ul"
                listStyleType="none"
                gap={{ base: '4', md: '6' }}
                overflowX="auto"
                py="1"
              >
                {headerLinks.map((link) => (
                  <li key={link.to}>
                    <Link
                      asChild
                      color="fg.muted"
                      whiteSpace="nowrap"
                      fontSize="sm"
                      _hover={{ color: 'fg' }}
                    >
                      <RouterLink to={link.to}>{link.label}</RouterLink>
                    </Link>
                  </li>
                ))}
              </HStack>
            </Box>
            <Box order={{ base: 2, md: 3 }}>
              <HeaderActions />
            </Box>
          </Flex>
        </Container>
      </Box>
      <Box as="main" id="main" tabIndex={-1} flex="1" py={{ base: '8', md: '12' }}>
        <Container maxW="6xl">{children}</Container>
      </Box>
      <Box as="footer" borderTopWidth="1px" bg="bg.subtle" py="8">
        <Container maxW="6xl">
          <Stack gap="4" direction={{ base: 'column', md: 'row' }} justify="space-between">
            <Box as="nav" aria-label="Footer">
              <Flex as="ul" listStyleType="none" gap="4" wrap="wrap">
                {footerLinks.map((link) => (
                  <li key={link.to}>
                    <Link asChild fontSize="sm" color="fg.muted">
                      <RouterLink to={link.to}>{link.label}</RouterLink>
                    </Link>
                  </li>
                ))}
              </Flex>
            </Box>
            <Text fontSize="sm" color="fg.muted">
              © {new Date().getFullYear()} Tote. Items travel with people already going your way.
            </Text>
          </Stack>
        </Container>
      </Box>
    </Flex>
  )
}
