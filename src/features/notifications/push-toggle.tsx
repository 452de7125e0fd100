import { Box, Button, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { FormAlert } from '@/components/form-alert'
import { failureMessage } from '@/lib/api-failure'
import {
  currentPushSubscription,
  disablePush,
  enablePush,
  pushSupported,
} from '@/lib/push-subscription'

type State = 'checking' | 'on' | 'off' | 'denied' | 'unsupported'

/** "Alerts on this device": Web Push of every notification, asked for only when the user chooses it. */
export function PushToggle() {
  const [state, setState] = useState<State>(() => (pushSupported() ? 'checking' : 'unsupported'))
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (!pushSupported()) return
    let live = true
    void currentPushSubscription().then((subscription) => {
      if (!live) return
      if (subscription) setState('on')
      else setState(Notification.permission === 'denied' ? 'denied' : 'off')
    })
    return () => {
      live = false
    }
  }, [])

  async function turnOn() {
    setBusy(true)
    setError(null)
    try {
      const result = await enablePush()
      setState(result === 'enabled' ? 'on' : result)
    } catch (failure) {
      setError(failureMessage(failure, 'Could not turn on alerts on this device'))
    } finally {
      setBusy(false)
    }
  }

  async function turnOff() {
    setBusy(true)
    await disablePush()
    setState('off')
    setBusy(false)
  }

  return (
    <Box as="section" aria-labelledby="push-heading" bg="bg" borderWidth="1px" rounded="md" p="4">
      <Stack gap="3">
        <Text as="h2" id="push-heading" fontWeight="semibold">
          Alerts on this device
        </Text>
        {state === 'unsupported' && (
          <Text color="fg.muted">
            This browser cannot show alerts while Tote is closed. You will still find everything
            here. On an iPhone, add Tote to your home screen first.
          </Text>
        )}
        {state === 'denied' && (
          <Text color="fg.muted">
            Alerts are blocked for Tote in this browser’s settings. Allow notifications for this
            site there to get them.
          </Text>
        )}
        {state === 'on' && (
          <>
            <Text>This device shows an alert for each new notification.</Text>
            <Box>
              <Button variant="outline" onClick={() => void turnOff()} loading={busy}>
                Turn off alerts on this device
              </Button>
            </Box>
          </>
        )}
        {state === 'off' && (
          <>
            <Text color="fg.muted">
              Get an alert on this device for each new notification, even while Tote is closed.
            </Text>
            <Box>
              <Button colorPalette="brand" onClick={() => void turnOn()} loading={busy}>
                Turn on alerts on this device
              </Button>
            </Box>
          </>
        )}
        {error && <FormAlert status="error">{error}</FormAlert>}
      </Stack>
    </Box>
  )
}
