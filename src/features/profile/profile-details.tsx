import { Box, Button, Grid, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { PendingStatus } from '@/components/pending-status'
import { FormAlert } from '@/components/form-alert'
import { PageIntro } from '@/components/page-intro'
import { userDataQueryOptions } from './api'
import { LazyProfileModal } from './lazy-profile-modal'
import { MailPreferences } from './mail-preferences'

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontWeight="medium" textTransform={label === 'Role' ? 'capitalize' : undefined}>
        {value || 'Not provided'}
      </Text>
    </Box>
  )
}

export function ProfileDetails() {
  const userData = useQuery(userDataQueryOptions())
  const [editing, setEditing] = useState(false)

  return (
    <>
      <PageIntro title="Profile">Your account details as other people on Tote see them.</PageIntro>
      {userData.isPending && (
        <PendingStatus paused={userData.isPaused} spinner>
          Loading your profile…
        </PendingStatus>
      )}
      {userData.isError && <FormAlert status="error">Failed to load user data</FormAlert>}
      {userData.data && (
        <Stack
          gap="6"
          bg="bg"
          borderWidth="1px"
          borderRadius="xl"
          p={{ base: '4', md: '6' }}
          maxW="2xl"
        >
          <Grid as="dl" templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
            <Detail label="Name" value={userData.data.name} />
            <Detail label="Email" value={userData.data.email} />
            <Detail label="Phone" value={userData.data.phone} />
            <Detail label="Address" value={userData.data.address} />
            <Detail label="Role" value={userData.data.role} />
          </Grid>
          <Box>
            <Button colorPalette="brand" onClick={() => setEditing(true)}>
              Edit profile
            </Button>
          </Box>
        </Stack>
      )}
      {userData.data && (
        <Box mt="6">
          <MailPreferences />
        </Box>
      )}
      <LazyProfileModal open={editing} onClose={() => setEditing(false)} />
    </>
  )
}
