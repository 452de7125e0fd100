import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Term } from '@contract/terms'
import { ErrorAlert, FormAlert } from '@/components/form-alert'
import { PageIntro } from '@/components/page-intro'
import { DeleteTermDialog } from './delete-term-dialog'
import { Empty, Loading } from './query-states'
import { TermDialog } from './term-dialog'
import { adminTermsQueryOptions } from './terms-api'

type Editing = { mode: 'add' } | { mode: 'edit'; term: Term } | { mode: 'delete'; term: Term }

const groups = [
  { role: 'deliverer', title: 'Deliverer terms' },
  { role: 'sender', title: 'Sender terms' },
] as const

function TermCard({
  term,
  onEdit,
  onDelete,
}: {
  term: Term
  onEdit: () => void
  onDelete: () => void
}) {
  return (
    <Box as="li" borderWidth="1px" borderRadius="lg" p="4" bg="bg">
      <Heading as="h3" size="sm" mb="2">
        {term.title}
      </Heading>
      <Text whiteSpace="pre-wrap" color="fg.muted" lineClamp={6}>
        {term.description}
      </Text>
      <Flex gap="2" mt="3">
        <Button size="sm" variant="outline" aria-label={`Edit ${term.title}`} onClick={onEdit}>
          Edit
        </Button>
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          aria-label={`Delete ${term.title}`}
          onClick={onDelete}
        >
          Delete
        </Button>
      </Flex>
    </Box>
  )
}

export function AgreementsPage() {
  const terms = useQuery(adminTermsQueryOptions())
  const [editing, setEditing] = useState<Editing | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const done = (text: string) => {
    setMessage(text)
    setEditing(null)
  }
  const open = (next: Editing) => {
    setMessage(null)
    setEditing(next)
  }

  return (
    <>
      <Flex
        justify="space-between"
        align="start"
        wrap="wrap"
        columnGap="4"
        mb={{ base: '6', md: '0' }}
      >
        <PageIntro title="Agreements">
          The consent texts senders and deliverers accept before using Tote.
        </PageIntro>
        <Button colorPalette="brand" onClick={() => open({ mode: 'add' })}>
          Add agreement
        </Button>
      </Flex>
      <Stack gap="8">
        {message && <FormAlert status="success">{message}</FormAlert>}
        {terms.isPending && <Loading paused={terms.isPaused}>Loading agreements…</Loading>}
        <ErrorAlert error={terms.error} fallback="Failed to fetch terms." />
        {terms.data &&
          groups.map((group) => {
            const list = terms.data.filter((term) => term.role === group.role)
            return (
              <Box as="section" key={group.role} aria-label={group.title}>
                <Heading as="h2" size="lg" mb="3">
                  {group.title}
                </Heading>
                {list.length === 0 ? (
                  <Empty title={`No ${group.role} terms yet`} />
                ) : (
                  <Stack as="ul" listStyle="none" gap="3">
                    {list.map((term) => (
                      <TermCard
                        key={term.id}
                        term={term}
                        onEdit={() => open({ mode: 'edit', term })}
                        onDelete={() => open({ mode: 'delete', term })}
                      />
                    ))}
                  </Stack>
                )}
              </Box>
            )
          })}
      </Stack>
      {editing?.mode === 'add' && <TermDialog onClose={() => setEditing(null)} onSaved={done} />}
      {editing?.mode === 'edit' && (
        <TermDialog term={editing.term} onClose={() => setEditing(null)} onSaved={done} />
      )}
      {editing?.mode === 'delete' && (
        <DeleteTermDialog term={editing.term} onClose={() => setEditing(null)} onDeleted={done} />
      )}
    </>
  )
}
