import { Box, Heading, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { formatLongDate } from '@/lib/format'

/** Long-form public pages: readable line length, clear heading levels. */
export function ContentPage({
  title,
  lead,
  version,
  children,
}: {
  title: string
  lead?: ReactNode
  /** The day (YYYY-MM-DD) the text last changed, shown under the lead: what people accept. */
  version?: string
  children: ReactNode
}) {
  return (
    <Box maxW="3xl">
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} mb="3">
        {title}
      </Heading>
      {lead && (
        <Text fontSize="lg" color="fg.muted" mb="8">
          {lead}
        </Text>
      )}
      {version && (
        <Text fontSize="sm" color="fg.muted" mt="-6" mb="8">
          Version of {formatLongDate(`${version}T12:00:00`)}
        </Text>
      )}
      <Stack gap="8">{children}</Stack>
    </Box>
  )
}

export function ContentSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3">
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      {children}
    </Stack>
  )
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text lineHeight="tall">{children}</Text>
}

export function BulletList({ items }: { items: ReactNode[] }) {
  return (
    <Box as="ul" ps="5" listStyleType="disc">
      {items.map((item, index) => (
        <Box as="li" key={index} mb="2" lineHeight="tall">
          {item}
        </Box>
      ))}
    </Box>
  )
}
