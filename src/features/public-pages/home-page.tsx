import { Box, Button, Grid, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from '@tanstack/react-router'
import { roleHome } from '@/lib/role-home'
import { useSession } from '@/lib/use-session'
import { steps } from './steps'

function HeroActions() {
  const session = useSession()
  if (session) {
    return (
      <Button asChild size="lg" colorPalette="brand">
        <RouterLink to={roleHome(session.user.role)}>Go to your dashboard</RouterLink>
      </Button>
    )
  }
  return (
    <HStack gap="3" wrap="wrap">
      <Button asChild size="lg" colorPalette="brand">
        <RouterLink to="/signup">Sign up</RouterLink>
      </Button>
      <Button asChild size="lg" variant="outline">
        <RouterLink to="/login">Log in</RouterLink>
      </Button>
    </HStack>
  )
}

export function HomePage() {
  return (
    <Stack gap={{ base: '12', md: '20' }}>
      <Stack as="section" gap="6" maxW="3xl" aria-labelledby="hero-title">
        <Heading as="h1" id="hero-title" size={{ base: '3xl', md: '5xl' }} lineHeight="1.1">
          Send things with people already going your way.
        </Heading>
        <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted">
          Tote connects people who need an item carried with deliverers heading in the same
          direction. Senders get a personal, often faster delivery; deliverers earn money on trips
          they are making anyway.
        </Text>
        <HeroActions />
      </Stack>

      <Stack as="section" gap="6" aria-labelledby="steps-title">
        <Heading as="h2" id="steps-title" size="2xl">
          How it works
        </Heading>
        <Grid
          as="ol"
          listStyleType="none"
          templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }}
          gap="6"
        >
          {steps.map((step, index) => (
            <Box as="li" key={step.title} bg="bg" borderWidth="1px" borderRadius="xl" p="6">
              <Text
                aria-hidden="true"
                display="inline-flex"
                alignItems="center"
                justifyContent="center"
                w="8"
                h="8"
                borderRadius="full"
                bg="brand.solid"
                color="brand.contrast"
                fontWeight="bold"
                mb="3"
              >
                {index + 1}
              </Text>
              <Heading as="h3" size="md" mb="2">
                {step.title}
              </Heading>
              <Text color="fg.muted">{step.text}</Text>
            </Box>
          ))}
        </Grid>
        <Text>
          Want the details?{' '}
          <Link asChild color="brand.fg" fontWeight="medium" textDecoration="underline">
            <RouterLink to="/how-it-works">Read how Tote works</RouterLink>
          </Link>
          .
        </Text>
      </Stack>

      <Grid
        as="section"
        templateColumns={{ base: '1fr', md: '1fr 1fr' }}
        gap="6"
        aria-label="Who Tote is for"
      >
        <Box bg="brand.subtle" borderRadius="xl" p="6">
          <Heading as="h2" size="lg" mb="2">
            For senders
          </Heading>
          <Text>
            Post documents, gifts, clothing or electronics, set your price and deadline, and accept
            the deliverer you trust. You only pay when you accept a request.
          </Text>
        </Box>
        <Box bg="bg.muted" borderRadius="xl" p="6">
          <Heading as="h2" size="lg" mb="2">
            For deliverers
          </Heading>
          <Text>
            Tell us where you are and where you are going, browse items along your route within the
            radius you choose, and request the ones that fit your luggage and schedule.
          </Text>
        </Box>
      </Grid>
    </Stack>
  )
}
