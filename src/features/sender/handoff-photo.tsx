import { chakra, Spinner, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { api } from '@/lib/api-client'

type Loaded = { state: 'loading' } | { state: 'error' } | { state: 'ready'; url: string }

/**
 * The pickup photo of the timeline: photo_url is an API path behind the bearer token, so it is
 * fetched through the ky instance and shown from an object URL (revoked when it goes).
 */
export function HandoffPhoto({ path, alt }: { path: string; alt: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' })
  useEffect(() => {
    const controller = new AbortController()
    let url: string | null = null
    setLoaded({ state: 'loading' })
    api
      .get(path.replace(/^\/api\//, ''), { signal: controller.signal })
      .blob()
      .then((blob) => {
        url = URL.createObjectURL(blob)
        setLoaded({ state: 'ready', url })
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ state: 'error' })
      })
    return () => {
      controller.abort()
      if (url) URL.revokeObjectURL(url)
    }
  }, [path])
  if (loaded.state === 'ready')
    return (
      <chakra.img
        src={loaded.url}
        alt={alt}
        maxW="full"
        w="240px"
        borderRadius="md"
        borderWidth="1px"
      />
    )
  if (loaded.state === 'error')
    return (
      <Text fontSize="sm" color="fg.muted">
        The photo could not be loaded.
      </Text>
    )
  return <Spinner size="sm" aria-label="Loading photo" />
}
