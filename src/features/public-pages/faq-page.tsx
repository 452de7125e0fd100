import { Box, Text } from '@chakra-ui/react'
import { ContentPage } from './content-page'

const questions = [
  {
    q: 'What can I send with Tote?',
    a: 'Documents, clothing, food that keeps, electronics and other everyday items that a deliverer can legally carry in their luggage. Dangerous goods, weapons, drugs, cash, live animals and anything prohibited by airline or customs rules are not allowed.',
  },
  {
    q: 'How much does a delivery cost?',
    a: 'You set a price when you post the item. A deliverer may offer a different price when they request it; you see that price before you accept and you only pay when you accept. Prices are in US dollars.',
  },
  {
    q: 'When am I charged?',
    a: 'Your card is charged when you accept a deliverer’s request, not when you post the item. If that request is then declined or replaced, or you cancel the item before accepting, the full amount goes back to your card; your receipts under Payment method show the refund.',
  },
  {
    q: 'How are deliverers checked?',
    a: 'Deliverers upload a travel document (such as a ticket or booking) with every request, and an administrator approves each request before you see it. You can also view the document yourself.',
  },
  {
    q: 'Can I change my item after posting it?',
    a: 'Yes, you can edit it while it is waiting for approval. After approval its details are fixed, so the deliverer knows exactly what they agreed to carry.',
  },
  {
    q: 'How do I become a deliverer?',
    a: 'Sign up and choose “Deliverer” as your role. Then set your current location and destination on the Available items page to see items along your route.',
  },
  {
    q: 'What happens if my request is declined?',
    a: 'The sender may choose another deliverer. Declined requests are listed on your Rejected requests page so you always know where you stand; while the item is still open you can make a new offer.',
  },
  {
    q: 'Does Tote work without a connection?',
    a: 'Tote can be installed on your phone or computer. Pages and items you have already opened stay available offline, and replies or uploads you make offline are sent automatically once you are back online.',
  },
  {
    q: 'I did not receive the verification email.',
    a: 'Check your spam folder first. If it is not there, try to log in: Tote offers to send a new verification link to unverified accounts.',
  },
]

export function FaqPage() {
  return (
    <ContentPage
      title="Frequently asked questions"
      lead="Short answers to what senders and deliverers ask us most."
    >
      <Box>
        {questions.map((item) => (
          <Box
            as="details"
            key={item.q}
            borderBottomWidth="1px"
            py="2"
            css={{ '& summary': { cursor: 'pointer' } }}
          >
            {/* The question is the tap target: 44 px tall at least, the row's old padding inside it. */}
            <Box as="summary" fontWeight="semibold" fontSize="lg" py="2" minH="11">
              {item.q}
            </Box>
            <Text mt="1" mb="2" color="fg.muted" lineHeight="tall">
              {item.a}
            </Text>
          </Box>
        ))}
      </Box>
    </ContentPage>
  )
}
