import { Heading, Stack, Text } from '@chakra-ui/react'

/** The h1 and lead sentence every signed-in page starts with. */
export function PageIntro({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <Stack gap="2" mb="6">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      {children && <Text color="fg.muted">{children}</Text>}
    </Stack>
  )
}
