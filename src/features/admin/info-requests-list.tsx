import { Badge, Box, Button, Stack, Text } from '@chakra-ui/react'
import { formatDateTime, humanize } from '@/lib/format'
import type { AdminItemDetail } from './items-api'
import { Empty } from './query-states'

type InfoRequest = AdminItemDetail['info_requests'][number]

interface InfoRequestsListProps {
  infoRequests: InfoRequest[]
  onViewDocument: (filePath: string, title: string) => void
}

export function InfoRequestsList({ infoRequests, onViewDocument }: InfoRequestsListProps) {
  if (infoRequests.length === 0) return <Empty title="No information requested yet" />
  return (
    <Stack as="ul" listStyle="none" gap="4">
      {infoRequests.map((request) => {
        const answered = Boolean(request.response_at || request.response)
        const who = `${humanize(request.to)} ${request.target.name}`
        return (
          <Box as="li" key={request.id} borderWidth="1px" borderRadius="md" p="4">
            <Stack gap="2">
              <Stack direction="row" gap="2" wrap="wrap" align="center">
                <Text fontWeight="semibold">To {who}</Text>
                <Badge colorPalette={answered ? 'green' : 'orange'}>
                  {answered ? 'Information submitted' : 'Awaiting response'}
                </Badge>
              </Stack>
              <Text fontSize="sm" color="fg.muted">
                Asked {formatDateTime(request.created_at)}
              </Text>
              <Text whiteSpace="pre-wrap">{request.description}</Text>
              {request.request_file_path && (
                <Box>
                  <Button
                    size="xs"
                    variant="outline"
                    onClick={() =>
                      onViewDocument(request.request_file_path!, `Attachment sent to ${who}`)
                    }
                  >
                    View attachment sent
                  </Button>
                </Box>
              )}
              {answered && (
                <Box borderStartWidth="3px" borderColor="brand.solid" ps="3">
                  <Text fontSize="sm" color="fg.muted">
                    Answered {formatDateTime(request.response_at)}
                  </Text>
                  <Text whiteSpace="pre-wrap">{request.response || 'No message, file only'}</Text>
                  {request.response_file_path && (
                    <Button
                      mt="2"
                      size="xs"
                      variant="outline"
                      onClick={() =>
                        onViewDocument(request.response_file_path!, `Answer file from ${who}`)
                      }
                    >
                      View answer file
                    </Button>
                  )}
                </Box>
              )}
            </Stack>
          </Box>
        )
      })}
    </Stack>
  )
}
