import { Card, Heading } from '@chakra-ui/react'
import { useId, type ReactNode } from 'react'

/** A page section with an h2, named by it for landmark navigation. */
export function SectionCard({
  title,
  actions,
  children,
}: {
  title: string
  actions?: ReactNode
  children: ReactNode
}) {
  const id = useId()
  return (
    <Card.Root as="section" aria-labelledby={id}>
      <Card.Header
        display="flex"
        flexDirection="row"
        flexWrap="wrap"
        gap="3"
        alignItems="center"
        justifyContent="space-between"
      >
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
        {actions}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  )
}
