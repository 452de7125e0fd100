import { Badge, Button, Field, Flex, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminUser } from '@contract/admin'
import { roles } from '@contract/user'
import { keepPreviousOnline } from '@/lib/query-client'
import { RatingSummary } from '@/components/rating-summary'
import { ErrorAlert, FormAlert } from '@/components/form-alert'
import { PageIntro } from '@/components/page-intro'
import { useSession } from '@/lib/use-session'
import { formatDate, humanize } from '@/lib/format'
import { Pager } from '@/components/pager'
import { CreateUserDialog } from './create-user-dialog'
import { PageSizeSelect } from './page-size-select'
import { Empty, Loading } from './query-states'
import { userStates, type UsersSearch } from './search-schemas'
import { optionsOf, SelectField } from './select-field'
import { UserActions } from './user-actions'
import { adminUsersQueryOptions, usersParams } from './users-api'
import { useSearchText } from '@/lib/use-search-text'

const stackedCell = {
  display: { base: 'block', md: 'table-cell' },
  borderBottomWidth: { base: '0', md: '1px' },
  py: { base: '1', md: '2' },
} as const

function StateBadge({ user }: { user: AdminUser }) {
  if (!user.active) return <Badge colorPalette="red">Inactive</Badge>
  if (!user.email_verified) return <Badge colorPalette="orange">Unverified</Badge>
  return <Badge colorPalette="green">Active</Badge>
}

function UsersFilters({ search, onChange }: UsersPageProps) {
  const [text, setText] = useSearchText(search.search ?? '', (next) =>
    onChange({ search: next, page: undefined }),
  )

  return (
    <SimpleGrid role="search" aria-label="Filter users" columns={{ base: 1, sm: 3 }} gap="4">
      <Field.Root>
        <Field.Label>Search</Field.Label>
        <Input
          type="search"
          value={text}
          placeholder="Name or email"
          onChange={(event) => setText(event.target.value)}
        />
      </Field.Root>
      <SelectField
        label="Role"
        emptyLabel="All roles"
        value={search.role ?? ''}
        options={optionsOf(roles, humanize)}
        onValueChange={(v) =>
          onChange({ role: (v || undefined) as UsersSearch['role'], page: undefined })
        }
      />
      <SelectField
        label="State"
        emptyLabel="Any state"
        value={search.state ?? ''}
        options={optionsOf(userStates, humanize)}
        onValueChange={(v) =>
          onChange({ state: (v || undefined) as UsersSearch['state'], page: undefined })
        }
      />
    </SimpleGrid>
  )
}

interface UsersPageProps {
  search: UsersSearch
  onChange: (patch: Partial<UsersSearch>) => void
}

export function UsersPage({ search, onChange }: UsersPageProps) {
  const users = useQuery({
    ...adminUsersQueryOptions(usersParams(search)),
    placeholderData: keepPreviousOnline,
  })
  const selfId = useSession()?.user.id
  const [creating, setCreating] = useState(false)
  const [message, setMessage] = useState<string | null>(null)

  return (
    <>
      <Flex
        justify="space-between"
        align="start"
        wrap="wrap"
        columnGap="4"
        mb={{ base: '6', md: '0' }}
      >
        <PageIntro title="Users">Senders, deliverers and administrators of Tote.</PageIntro>
        <Button colorPalette="brand" onClick={() => setCreating(true)}>
          Create user
        </Button>
      </Flex>
      <Stack gap="4">
        <UsersFilters search={search} onChange={onChange} />
        {message && <FormAlert status="success">{message}</FormAlert>}
        {users.isPending && <Loading paused={users.isPaused}>Loading users…</Loading>}
        <ErrorAlert error={users.error} fallback="Failed to load users" />
        {users.data && users.data.users.length === 0 && <Empty title="No users found" />}
        {users.data && users.data.users.length > 0 && (
          <>
            <Table.ScrollArea borderWidth="1px" borderRadius="lg" bg="bg">
              {/* On phones each row stacks into a card so the actions are never scrolled away. */}
              <Table.Root size="sm" display={{ base: 'block', md: 'table' }}>
                <Table.Header hideBelow="md">
                  <Table.Row>
                    <Table.ColumnHeader>Name</Table.ColumnHeader>
                    <Table.ColumnHeader>Role</Table.ColumnHeader>
                    <Table.ColumnHeader>State</Table.ColumnHeader>
                    <Table.ColumnHeader>Joined</Table.ColumnHeader>
                    <Table.ColumnHeader>Actions</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body display={{ base: 'block', md: 'table-row-group' }}>
                  {users.data.users.map((user) => (
                    <Table.Row
                      key={user.id}
                      display={{ base: 'flex', md: 'table-row' }}
                      flexWrap="wrap"
                      alignItems="center"
                      columnGap="3"
                      py={{ base: '2', md: '0' }}
                      borderBottomWidth={{ base: '1px', md: '0' }}
                    >
                      <Table.Cell {...stackedCell} flexBasis="100%">
                        <Text fontWeight="semibold">{user.name}</Text>
                        <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
                          {user.email}
                        </Text>
                        {user.rating && (
                          <Text fontSize="xs">
                            <RatingSummary summary={user.rating} />
                          </Text>
                        )}
                      </Table.Cell>
                      <Table.Cell {...stackedCell}>{humanize(user.role)}</Table.Cell>
                      <Table.Cell {...stackedCell}>
                        <StateBadge user={user} />
                      </Table.Cell>
                      <Table.Cell {...stackedCell} whiteSpace="nowrap">
                        <Text as="span" hideFrom="md">
                          Joined{' '}
                        </Text>
                        {formatDate(user.created_at)}
                      </Table.Cell>
                      <Table.Cell {...stackedCell} flexBasis="100%">
                        <UserActions
                          key={`${user.id}-${user.role}`}
                          user={user}
                          isSelf={user.id === selfId}
                          onDone={setMessage}
                        />
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
            <Pager
              noun="users"
              pagination={users.data.pagination}
              onPage={(page) => onChange({ page })}
            >
              <PageSizeSelect
                value={users.data.pagination.per_page}
                onChange={(per_page) => onChange({ per_page, page: undefined })}
              />
            </Pager>
          </>
        )}
      </Stack>
      {creating && (
        <CreateUserDialog
          open
          onClose={() => setCreating(false)}
          onCreated={(text) => {
            setMessage(text)
            setCreating(false)
          }}
        />
      )}
    </>
  )
}
