import { Box, Heading, Link, Text } from '@chakra-ui/react'
import { Link as RouterLink } from '@tanstack/react-router'
import { useMarkAppReady } from '@/lib/app-ready'

export function NotFound() {
  useMarkAppReady()
  return (
    <Box as="main" id="main" maxW="lg" mx="auto" px="4" py="16" textAlign="center">
      <Heading as="h1" size="2xl" mb="3">
        Page not found
      </Heading>
      <Text mb="6" color="fg.muted">
        The address may be mistyped, or the page has moved.
      </Text>
      <Link asChild color="brand.fg" fontWeight="semibold">
        <RouterLink to="/">Go to the home page</RouterLink>
      </Link>
    </Box>
  )
}
