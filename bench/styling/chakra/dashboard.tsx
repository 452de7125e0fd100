import {
  Box,
  Button,
  Flex,
  Grid,
  HStack,
  Heading,
  IconButton,
  Link,
  LinkBox,
  LinkOverlay,
  Stack,
  Stat,
  Text,
} from '@chakra-ui/react'
import { CardList } from '@/components/card-list'
import { PageIntro } from '@/components/page-intro'
import { SkipLink } from '@/components/skip-link'
import { ItemStageBadge } from '@/components/status-badge'
import { UnreadMessagesBadge } from '@/components/unread-messages-badge'
import { cardMeta, counters, latestItems } from '../dashboard-data'
import { BellIcon, MenuIcon } from '@/components/icons'

/**
 * The sender's dashboard at 360 px as the app renders it with Chakra: AppLayout's phone header
 * and main (src/features/shell/app-layout.tsx), PageIntro and SenderDashboard
 * (src/features/sender/dashboard.tsx). The app's components are used where they need no router
 * or query client; the rest is their JSX with <a href> for the router's links. The menu's drawer
 * (Ark's dialog machine, mounted on opening) is left out here as in the Panda build: it would stay
 * Ark's in either design, so only its trigger is drawn.
 */
export function ChakraDashboard() {
  return (
    <Flex minH="100dvh" direction={{ base: 'row', mdDown: 'column' }} bg="bg.subtle">
      <SkipLink />
      <Flex
        as="header"
        hideFrom="md"
        align="center"
        gap="2"
        px="3"
        py="2"
        bg="bg"
        borderBottomWidth="1px"
        position="sticky"
        top="0"
        zIndex="sticky"
      >
        <IconButton aria-label="Open menu" variant="ghost" aria-haspopup="dialog">
          <MenuIcon />
        </IconButton>
        <Text fontSize="lg" fontWeight="bold" color="brand.fg" flex="1">
          Tote
        </Text>
        <IconButton asChild variant="ghost" position="relative" aria-label="Notifications">
          <a href="/notifications">
            <BellIcon />
          </a>
        </IconButton>
      </Flex>
      <Box
        as="main"
        id="main"
        tabIndex={-1}
        flex="1"
        minW="0"
        px={{ base: '4', md: '8' }}
        py={{ base: '5', md: '8' }}
      >
        <Box maxW="6xl" mx="auto">
          <PageIntro title="Dashboard">
            An overview of the items you have posted and how their deliveries are going.
          </PageIntro>
          <Stack gap="6">
            <HStack justify="flex-end">
              <Button asChild colorPalette="brand">
                <a href="/post-item">Post new item</a>
              </Button>
            </HStack>
            <Grid
              as="section"
              aria-label="Your items by status"
              templateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }}
              gap="3"
            >
              {counters.map((c) => (
                <LinkBox asChild key={c.label}>
                  <Stat.Root
                    borderWidth="1px"
                    borderRadius="lg"
                    p="4"
                    bg="bg"
                    _hover={{ borderColor: 'brand.solid' }}
                  >
                    <Stat.Label>
                      <LinkOverlay href={c.status ? `/items?status=${c.status}` : '/items'}>
                        {c.label}
                      </LinkOverlay>
                    </Stat.Label>
                    <Stat.ValueText>{c.value}</Stat.ValueText>
                  </Stat.Root>
                </LinkBox>
              ))}
            </Grid>
            <Box as="section" aria-labelledby="latest-items">
              <Heading as="h2" size="md" mb="3" id="latest-items">
                Latest items
              </Heading>
              <CardList
                items={latestItems}
                label="Latest items"
                card={(item) => ({
                  key: item.id,
                  title: (
                    <>
                      <Link asChild color="brand.fg">
                        <a href={`/items/${item.id}`}>{item.name}</a>
                      </Link>
                      <UnreadMessagesBadge count={item.unread_messages} />
                    </>
                  ),
                  badge: <ItemStageBadge item={item} />,
                  meta: cardMeta(item),
                })}
              />
            </Box>
          </Stack>
        </Box>
      </Box>
    </Flex>
  )
}
