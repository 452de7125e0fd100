import { Box, Button, Grid, Link, Stack } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { Link as RouterLink } from '@tanstack/react-router'
import { useState } from 'react'
import { DocumentViewer } from '@/components/document-viewer'
import { ErrorAlert, FormAlert } from '@/components/form-alert'
import { PageIntro } from '@/components/page-intro'
import { AdminNextStep } from './admin-next-step'
import { AskInfoDialog } from './ask-info-dialog'
import { DeliveryRequests } from './delivery-requests'
import { InfoRequestsList } from './info-requests-list'
import { ItemHistory } from './item-history'
import { ItemOverview } from './item-overview'
import { adminItemQueryOptions, type AdminItemDetail } from './items-api'
import { Loading } from './query-states'
import { REFUNDABLE_STATUSES, RefundDialog, refundDone } from './refund-dialog'
import { SectionCard } from './section-card'
import { SendingDecision } from './sending-decision'

interface ViewedDocument {
  filePath: string
  title: string
}

function Review({ detail }: { detail: AdminItemDetail }) {
  const [document, setDocument] = useState<ViewedDocument | null>(null)
  const [asking, setAsking] = useState(false)
  const [sent, setSent] = useState<string | null>(null)
  const [refunding, setRefunding] = useState(false)
  const [refunded, setRefunded] = useState<string | null>(null)
  const paid = (REFUNDABLE_STATUSES as readonly string[]).includes(detail.item.status)
  const view = (filePath: string, title: string) => setDocument({ filePath, title })

  return (
    <>
      <Box mb="6">
        <AdminNextStep detail={detail} />
      </Box>
      <Grid templateColumns={{ base: '1fr', xl: '3fr 2fr' }} gap="6" alignItems="start">
        <Stack gap="6" minW="0">
          <SendingDecision item={detail.item} infoRequests={detail.info_requests} />
          <DeliveryRequests
            itemId={detail.item.id}
            requests={detail.requests}
            onViewDocument={view}
          />
          <ItemOverview item={detail.item} />
        </Stack>
        <Stack gap="6" minW="0">
          <SectionCard
            title="Information requests"
            actions={
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  setSent(null)
                  setAsking(true)
                }}
              >
                Ask for information
              </Button>
            }
          >
            <Stack gap="4">
              {sent && <FormAlert status="success">{sent}</FormAlert>}
              <InfoRequestsList infoRequests={detail.info_requests} onViewDocument={view} />
            </Stack>
          </SectionCard>
          {paid && (
            <SectionCard
              title="Money"
              actions={
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => {
                    setRefunded(null)
                    setRefunding(true)
                  }}
                >
                  Refund
                </Button>
              }
            >
              {refunded ? (
                <FormAlert status="success">{refunded}</FormAlert>
              ) : (
                <Box color="fg.muted" fontSize="sm">
                  Refund part or all of what the sender paid, at any time.
                </Box>
              )}
            </SectionCard>
          )}
          <SectionCard title="History">
            <ItemHistory history={detail.history} />
          </SectionCard>
        </Stack>
      </Grid>
      {asking && (
        <AskInfoDialog
          open
          detail={detail}
          onClose={() => setAsking(false)}
          onSent={(message) => {
            setSent(message)
            setAsking(false)
          }}
        />
      )}
      {refunding && (
        <RefundDialog
          itemId={detail.item.id}
          itemName={detail.item.name}
          onClose={() => setRefunding(false)}
          onDone={(r) => {
            setRefunding(false)
            setRefunded(refundDone(r))
          }}
        />
      )}
      <DocumentViewer
        open={document !== null}
        filePath={document?.filePath ?? null}
        title={document?.title ?? ''}
        onClose={() => setDocument(null)}
      />
    </>
  )
}

export function ItemReview({ itemId }: { itemId: string }) {
  const detail = useQuery(adminItemQueryOptions(itemId))
  return (
    <>
      <Box mb="2">
        <Link asChild color="brand.fg" fontSize="sm">
          <RouterLink to="/items-management">Back to items management</RouterLink>
        </Link>
      </Box>
      <PageIntro
        title={detail.data ? `Sending approval: ${detail.data.item.name}` : 'Sending approval'}
      >
        Review the item, its delivery requests and its history before deciding.
      </PageIntro>
      {detail.isPending && <Loading paused={detail.isPaused}>Loading item details…</Loading>}
      <ErrorAlert error={detail.error} fallback="Failed to load item details" />
      {detail.data && <Review detail={detail.data} />}
    </>
  )
}
