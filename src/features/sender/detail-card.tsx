import { Box, Grid, Heading, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** One titled block of the detail page. */
export function DetailCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      as="section"
      aria-label={title}
      bg="bg"
      borderWidth="1px"
      borderRadius="xl"
      p={{ base: '4', md: '5' }}
    >
      <Heading as="h2" size="md" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  )
}

export function DetailList({ children }: { children: ReactNode }) {
  return (
    <Grid as="dl" templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="3">
      {children}
    </Grid>
  )
}

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontWeight="medium" whiteSpace="pre-wrap" wordBreak="break-word">
        {children}
      </Text>
    </Box>
  )
}
