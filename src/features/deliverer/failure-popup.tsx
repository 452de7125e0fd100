import { Box, Button, Flex, Text } from '@chakra-ui/react'
import { useEffect } from 'react'

/** docs/spec.md section 9: error popups last 3 s. */
const POPUP_MS = 3000

/** The red request-failure popup of docs/spec.md section 8: hides after 3 s and can be closed. */
export function FailurePopup({
  message,
  onClose,
}: {
  message: string | null
  onClose: () => void
}) {
  useEffect(() => {
    if (!message) return
    const timer = setTimeout(onClose, POPUP_MS)
    return () => clearTimeout(timer)
  }, [message, onClose])
  if (!message) return null
  return (
    <Box
      role="alert"
      position="fixed"
      bottom="4"
      insetX="4"
      mx="auto"
      maxW="md"
      zIndex="toast"
      bg="red.600"
      color="white"
      rounded="md"
      shadow="lg"
      p="4"
    >
      <Flex gap="3" align="center" justify="space-between">
        <Text>{message}</Text>
        <Button
          size="sm"
          variant="outline"
          color="white"
          _hover={{ bg: 'red.700' }}
          onClick={onClose}
        >
          Close
        </Button>
      </Flex>
    </Box>
  )
}
