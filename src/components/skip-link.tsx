import { chakra } from '@chakra-ui/react'

/** First focusable element: keyboard users jump past the navigation to the page itself. */
export function SkipLink() {
  return (
    <chakra.a
      href="#main"
      position="absolute"
      left="2"
      top="-20"
      zIndex="skipNav"
      bg="brand.solid"
      color="brand.contrast"
      display="inline-flex"
      alignItems="center"
      minH="11"
      px="4"
      py="2"
      borderRadius="md"
      fontWeight="semibold"
      _focus={{ top: '2' }}
    >
      Skip to main content
    </chakra.a>
  )
}
