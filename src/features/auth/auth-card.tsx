import { Box, Heading, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** The narrow card every auth page sits in. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string
  intro?: ReactNode
  children: ReactNode
}) {
  return (
    <Box
      maxW="md"
      mx="auto"
      w="full"
      bg="bg"
      borderWidth={{ base: '0', sm: '1px' }}
      borderRadius="xl"
      p={{ base: '0', sm: '8' }}
      boxShadow={{ base: 'none', sm: 'sm' }}
    >
      <Stack gap="2" mb="6">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {intro && <Text color="fg.muted">{intro}</Text>}
      </Stack>
      {children}
    </Box>
  )
}
