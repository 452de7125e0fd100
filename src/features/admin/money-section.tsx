import {
  Box,
  chakra,
  HStack,
  Heading,
  SimpleGrid,
  Stack,
  Stat,
  Table,
  Text,
} from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import type { MoneyReport } from '@contract/ledger'
import { ErrorAlert, FormAlert } from '@/components/form-alert'
import { formatPrice, formatShortDay } from '@/lib/format'
import { adminMoneyQueryOptions } from './money-api'
import { Loading } from './query-states'
import { ReconciliationPanel } from './reconciliation-panel'

type Day = MoneyReport['days'][number]

// Chart geometry in SVG units: each day a slot of two bars (released, refunded); the held line
// runs through the slots' middles. Scaled to the largest figure of the period.
const SLOT = 12
const BAR = 4.5
const HEIGHT = 100

const series = [
  { key: 'released', label: 'Released to deliverers', color: 'brand.solid' },
  { key: 'refunded', label: 'Refunded to senders', color: 'orange.fg' },
] as const

function Swatch({ color, line = false }: { color: string; line?: boolean }) {
  return (
    <Box
      aria-hidden
      display="inline-block"
      w="4"
      h={line ? '0.5' : '3'}
      bg={color}
      borderRadius="sm"
    />
  )
}

/** Bars per day and the held line; a picture of the table below it, so hidden from screen readers. */
function Chart({ days }: { days: Day[] }) {
  const top = Math.max(1, ...days.flatMap((d) => [d.released, d.refunded, d.held]))
  const y = (value: number) => HEIGHT - (value / top) * (HEIGHT - 4)
  const width = days.length * SLOT
  const heldPath = days
    .map((d, i) => `${i === 0 ? 'M' : 'L'}${i * SLOT + SLOT / 2},${y(d.held)}`)
    .join(' ')
  return (
    <Box as="figure" m="0">
      <chakra.svg
        aria-hidden
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        w="full"
        h="40"
        borderBottomWidth="1px"
        borderColor="border.emphasized"
      >
        {days.map((d, i) =>
          series.map((s, k) =>
            d[s.key] > 0 ? (
              <chakra.rect
                key={`${d.date}-${s.key}`}
                x={i * SLOT + 1.5 + k * BAR}
                y={y(d[s.key])}
                width={BAR}
                height={HEIGHT - y(d[s.key])}
                fill={s.color}
              />
            ) : null,
          ),
        )}
        <chakra.path
          d={heldPath}
          fill="none"
          stroke="fg"
          strokeWidth="1.5"
          vectorEffect="non-scaling-stroke"
        />
      </chakra.svg>
      <HStack as="figcaption" gap="4" flexWrap="wrap" fontSize="sm" mt="2">
        {series.map((s) => (
          <HStack key={s.key} gap="1.5">
            <Swatch color={s.color} />
            <Text>{s.label}</Text>
          </HStack>
        ))}
        <HStack gap="1.5">
          <Swatch color="fg" line />
          <Text>Held at the end of the day</Text>
        </HStack>
      </HStack>
    </Box>
  )
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Stat.Root borderWidth="1px" borderRadius="lg" p="4" bg="bg">
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText>{formatPrice(value)}</Stat.ValueText>
    </Stat.Root>
  )
}

/**
 * Tote's money over the last 30 days (GET /api/admin/money): what it holds now, what it released,
 * refunded and kept as fees, per day in a chart and a table, whether the ledger balances, and
 * whether it agrees with the payment provider.
 */
export function MoneySection() {
  const money = useQuery(adminMoneyQueryOptions())
  return (
    <Box as="section" aria-labelledby="money-heading">
      <Heading as="h2" size="md" id="money-heading" mb="3">
        Money, last 30 days
      </Heading>
      {money.isPending && <Loading paused={money.isPaused}>Loading money…</Loading>}
      <ErrorAlert error={money.error} fallback="Failed to load the money figures" />
      {money.data && (
        <Stack gap="4">
          {money.data.balanced ? (
            <Text color="fg.muted">
              The ledger balances: every movement sums to zero. Days are UTC.
            </Text>
          ) : (
            <FormAlert status="error">
              The ledger does not balance: an account differs from its entries. Tell an engineer
              before moving any money.
            </FormAlert>
          )}
          <ReconciliationPanel />
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
            <Figure label="Held now" value={money.data.held} />
            <Figure label="Released" value={money.data.released} />
            <Figure label="Refunded" value={money.data.refunded} />
            <Figure label="Fees" value={money.data.fees} />
          </SimpleGrid>
          <Chart days={money.data.days} />
          <chakra.details>
            <chakra.summary
              cursor="pointer"
              color="brand.fg"
              fontWeight="medium"
              minH="11"
              alignContent="center"
            >
              The figures per day
            </chakra.summary>
            <Table.ScrollArea
              mt="2"
              borderWidth="1px"
              borderRadius="lg"
              tabIndex={0}
              aria-label="Money per day"
            >
              <Table.Root size="sm">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Day</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Released</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Refunded</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Fees</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Held</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {money.data.days.map((d) => (
                    <Table.Row key={d.date}>
                      <Table.Cell>{formatShortDay(d.date)}</Table.Cell>
                      <Table.Cell textAlign="end">{formatPrice(d.released)}</Table.Cell>
                      <Table.Cell textAlign="end">{formatPrice(d.refunded)}</Table.Cell>
                      <Table.Cell textAlign="end">{formatPrice(d.fees)}</Table.Cell>
                      <Table.Cell textAlign="end">{formatPrice(d.held)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </chakra.details>
        </Stack>
      )}
    </Box>
  )
}
