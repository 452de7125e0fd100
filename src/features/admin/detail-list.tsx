import { Box, Grid, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** A definition list of label/value pairs, two columns from small screens up. */
export function DetailList({ entries }: { entries: [label: string, value: ReactNode][] }) {
  return (
    <Grid as="dl" templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
      {entries.map(([label, value]) => (
        <Box key={label}>
          <Text as="dt" fontSize="sm" color="fg.muted">
            {label}
          </Text>
          <Box as="dd" fontWeight="medium" overflowWrap="anywhere">
            {value}
          </Box>
        </Box>
      ))}
    </Grid>
  )
}
