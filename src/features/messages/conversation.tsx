import { Badge, Box, Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouterState } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { allowedMimeTypes, fileAccept, fileExtensionAllowed, MAX_FILE_BYTES } from '@contract/files'
import type { Message, Thread } from '@contract/messages'
import { MESSAGE_MAX, messageMessages } from '@contract/message-rules'
import { PendingStatus } from '@/components/pending-status'
import { DocumentViewer } from '@/components/document-viewer'
import { ErrorAlert, FormAlert } from '@/components/form-alert'
import { TextareaField } from '@/components/textarea-field'
import type { OutboxEntry } from '@/lib/db'
import { formatDateTime } from '@/lib/format'
import { LOAD_FAILED_MESSAGE, useSubmitAfterLoad } from '@/lib/use-submit-after-load'
import { useOutbox } from '@/lib/outbox/use-outbox'
import { messagesPath, threadQueryOptions, unreadMessagesKey, useSendMessageMutation } from './api'

const FILE_ERROR = 'Please attach a PDF, JPEG or PNG file of at most 2 MB.'

function fileError(file: File): string | null {
  const typeOk = (allowedMimeTypes as readonly string[]).includes(file.type)
  if (!typeOk && !fileExtensionAllowed(file.name)) return FILE_ERROR
  return file.size > MAX_FILE_BYTES ? FILE_ERROR : null
}

/** The stored file's id in a message's file_url (/api/proof-of-travel/{id}), for the viewer. */
const filePathOf = (url: string) => url.replace(/^.*\/proof-of-travel\//, '')

/** Why the thread cannot be written in, or null when it can. */
function readOnlyReason(thread: Thread): string | null {
  if (thread.can_write) return null
  if (thread.state === 'not_started') return messageMessages.notStarted
  if (thread.state === 'closed') return messageMessages.closed
  return messageMessages.adminsRead
}

/**
 * A queued message is shown until the thread has it: once sent, until a refetch brings the
 * server's copy (same text, written by the caller, not before the entry was made, give or take
 * the two clocks).
 */
const CLOCK_SLACK_MS = 5 * 60 * 1000
function stillToShow(entry: OutboxEntry, messages: readonly Message[]): boolean {
  if (entry.status !== 'sent') return true
  return !messages.some(
    (m) =>
      m.mine &&
      m.body === entry.fields.body?.trim() &&
      new Date(m.created_at).getTime() >= entry.createdAt - CLOCK_SLACK_MS,
  )
}

const pendingText: Record<OutboxEntry['status'], string> = {
  queued: 'Sending when you are back online',
  sending: 'Sending…',
  sent: 'Sent',
  failed: 'Not sent',
}

function Bubble({
  mine,
  author,
  at,
  children,
}: {
  mine: boolean
  author: string
  at: string
  children: React.ReactNode
}) {
  return (
    <Box
      as="li"
      alignSelf={mine ? 'flex-end' : 'flex-start'}
      maxW={{ base: '90%', md: '75%' }}
      bg={mine ? 'brand.subtle' : 'bg.muted'}
      color="fg"
      borderRadius="lg"
      px="3"
      py="2"
    >
      <Text fontSize="xs" color="fg.muted" mb="1">
        <Text as="span" fontWeight="semibold" color="fg">
          {author}
        </Text>
        {' · '}
        {at}
      </Text>
      {children}
    </Box>
  )
}

/** Plain text: React escapes it, and line breaks the writer typed are kept. */
function Body({ text }: { text: string }) {
  return (
    <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
      {text}
    </Text>
  )
}

function MessageRow({
  message,
  onOpenFile,
}: {
  message: Message
  onOpenFile: (m: Message) => void
}) {
  return (
    <Bubble
      mine={message.mine}
      author={message.mine ? 'You' : message.author.name}
      at={formatDateTime(message.created_at)}
    >
      <Body text={message.body} />
      {message.file_url && (
        <Button size="xs" variant="outline" mt="2" onClick={() => onOpenFile(message)}>
          Open attachment: {message.file_name ?? 'file'}
        </Button>
      )}
      {message.mine && message.read_at && (
        <Text fontSize="xs" color="fg.muted" mt="1" textAlign="end">
          Read
        </Text>
      )}
    </Bubble>
  )
}

function PendingRow({
  entry,
  onRetry,
  onDiscard,
}: {
  entry: OutboxEntry
  onRetry: () => void
  onDiscard: () => void
}) {
  const failed = entry.status === 'failed'
  return (
    <Bubble mine author="You" at={formatDateTime(new Date(entry.createdAt).toISOString())}>
      <Body text={entry.fields.body ?? ''} />
      {entry.file && (
        <Text fontSize="sm" color="fg.muted" mt="1">
          Attachment: {entry.file.name}
        </Text>
      )}
      <HStack mt="2" gap="2" wrap="wrap" justify="flex-end">
        <Badge colorPalette={failed ? 'red' : entry.status === 'sent' ? 'green' : 'gray'}>
          {pendingText[entry.status]}
        </Badge>
      </HStack>
      {failed && (
        <Stack gap="2" mt="2">
          <Text fontSize="sm" color="fg.error">
            {entry.error ?? 'The server refused this message.'}
          </Text>
          <HStack gap="2">
            <Button size="xs" onClick={onRetry}>
              Retry
            </Button>
            <Button size="xs" variant="outline" colorPalette="red" onClick={onDiscard}>
              Discard
            </Button>
          </HStack>
        </Stack>
      )}
    </Bubble>
  )
}

function Composer({ itemId, itemName, to }: { itemId: string; itemName: string; to: string }) {
  const [body, setBody] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | undefined>()
  const [fileProblem, setFileProblem] = useState<string | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const fileId = useId()
  const send = useSendMessageMutation(itemId)

  // The contract's schema, loaded at the first send: importing it with the page built every
  // schema of the module (and zod) in the item page's start (decision 054).
  const submit = useSubmitAfterLoad(
    () => import('@contract/messages'),
    ({ messageFields }) => {
      const parsed = messageFields.safeParse({ body })
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? messageMessages.empty)
        return
      }
      setError(undefined)
      if (fileProblem) return
      send.mutate(
        { body: parsed.data.body, file, itemName },
        {
          onSuccess: () => {
            setBody('')
            setFile(null)
            setError(undefined)
            if (fileInput.current) fileInput.current.value = ''
          },
        },
      )
    },
    () => setError(LOAD_FAILED_MESSAGE),
  )

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="3">
        <TextareaField
          label={`Message to ${to}`}
          name="body"
          value={body}
          onValueChange={(value) => {
            setBody(value)
            if (error) setError(undefined)
          }}
          error={error}
          helperText={`${body.length} / ${MESSAGE_MAX} characters. Shown as plain text.`}
          rows={3}
        />
        <Field.Root invalid={Boolean(fileProblem)} ids={{ errorText: `${fileId}-error` }}>
          <Field.Label>Attach an image or PDF (optional)</Field.Label>
          <Input
            ref={fileInput}
            type="file"
            accept={fileAccept}
            p="1"
            aria-describedby={fileProblem ? `${fileId}-error` : undefined}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null
              const problem = chosen ? fileError(chosen) : null
              if (problem) event.target.value = ''
              setFile(problem ? null : chosen)
              setFileProblem(problem)
            }}
          />
          <Field.ErrorText>{fileProblem}</Field.ErrorText>
        </Field.Root>
        <ErrorAlert error={send.error} fallback="The message could not be saved on this device" />
        <HStack justify="flex-end">
          <Button type="submit" colorPalette="brand" loading={send.isPending}>
            Send
          </Button>
        </HStack>
      </Stack>
    </form>
  )
}

/**
 * The conversation of a delivery (decision 039) for its two sides and, read-only, admins: oldest
 * first, newest at the bottom; the caller's messages still in the outbox follow, marked "sending",
 * "sent" or "not sent" with the server's reason. Mount it only where the thread is shown: reading
 * it marks the other side's messages read.
 */
export function Conversation({ itemId, itemName }: { itemId: string; itemName: string }) {
  const thread = useQuery(threadQueryOptions(itemId))
  const queryClient = useQueryClient()
  const outbox = useOutbox()
  const [viewing, setViewing] = useState<Message | null>(null)
  const list = useRef<HTMLDivElement>(null)
  const headingId = useId()

  const unreadSeen = thread.data?.unread ?? 0
  const seenAt = thread.dataUpdatedAt
  useEffect(() => {
    // This read marked messages read: the navigation's count drops now, not at its next poll.
    if (unreadSeen > 0) void queryClient.invalidateQueries({ queryKey: unreadMessagesKey })
  }, [unreadSeen, seenAt, queryClient])

  const messages = thread.data?.messages ?? []
  const path = messagesPath(itemId)
  const pending = outbox.entries.filter(
    (e) => e.kind === 'send-message' && e.path === path && stillToShow(e, messages),
  )
  const count = messages.length + pending.length
  useEffect(() => {
    // Newest at the bottom: open on it, and follow what arrives or is written.
    const el = list.current
    if (el) el.scrollTop = el.scrollHeight
  }, [count])

  const data = thread.data
  const section = useRef<HTMLDivElement>(null)
  const wanted = useRouterState({ select: (s) => s.location.hash }) === 'messages'
  const shown = data !== undefined
  useEffect(() => {
    // A notification or the navigation opened the page at #messages: the router scrolled before
    // the thread was there, so go to it once it is.
    if (wanted && shown) section.current?.scrollIntoView({ block: 'start' })
  }, [wanted, shown])
  const reason = data ? readOnlyReason(data) : null
  return (
    <Box
      as="section"
      // The navigation's entry leads here (#messages) when one conversation has unread messages.
      id="messages"
      ref={section}
      scrollMarginTop="16"
      aria-labelledby={headingId}
      bg="bg"
      borderWidth="1px"
      borderRadius="xl"
      p={{ base: '4', md: '5' }}
    >
      <Heading as="h2" size="md" id={headingId}>
        Messages
      </Heading>
      {data?.other && (
        <Text color="fg.muted" fontSize="sm">
          With {data.other.name}
          {data.state === 'open' && data.closes_at
            ? ` · open until ${formatDateTime(data.closes_at)}`
            : ''}
        </Text>
      )}
      <Stack gap="3" mt="3">
        <ErrorAlert error={thread.error} fallback="Failed to load the messages" />
        {thread.isPending && (
          <PendingStatus paused={thread.isPaused}>Loading messages…</PendingStatus>
        )}
        {data && count === 0 && <Text color="fg.muted">No messages yet.</Text>}
        {count > 0 && (
          <Stack
            as="ol"
            ref={list}
            aria-label="Messages, oldest first"
            // Scrollable, so it must be reachable with the keyboard.
            tabIndex={0}
            listStyleType="none"
            gap="2"
            maxH={{ base: '55dvh', md: '28rem' }}
            overflowY="auto"
            p="1"
          >
            {messages.map((m) => (
              <MessageRow key={m.id} message={m} onOpenFile={setViewing} />
            ))}
            {pending.map((entry) => (
              <PendingRow
                key={`pending-${entry.id}`}
                entry={entry}
                onRetry={() => void outbox.retry(entry.id)}
                onDiscard={() => void outbox.discard(entry.id)}
              />
            ))}
          </Stack>
        )}
        {data &&
          (reason ? (
            <FormAlert status="info">{reason}</FormAlert>
          ) : (
            <Composer
              itemId={itemId}
              itemName={itemName}
              to={data.other?.name ?? 'the other side'}
            />
          ))}
      </Stack>
      <DocumentViewer
        open={viewing !== null}
        filePath={viewing?.file_url ? filePathOf(viewing.file_url) : null}
        title={viewing?.file_name ?? 'Attachment'}
        onClose={() => setViewing(null)}
      />
    </Box>
  )
}
