import { Link } from '@chakra-ui/react'
import { ContentPage, ContentSection, Paragraph } from './content-page'

const SUPPORT_EMAIL = 'support@tote.example'

export function ContactPage() {
  return (
    <ContentPage title="Contact us" lead="We are a small team and read every message.">
      <ContentSection title="Support">
        <Paragraph>
          Email{' '}
          <Link
            href={`mailto:${SUPPORT_EMAIL}`}
            color="brand.fg"
            fontWeight="semibold"
            textDecoration="underline"
          >
            {SUPPORT_EMAIL}
          </Link>{' '}
          for help with an account, an item, a delivery or a payment. We answer within one business
          day.
        </Paragraph>
      </ContentSection>
      <ContentSection title="Help us help you faster">
        <Paragraph>
          Write from the email address of your Tote account and include the item name or the page
          you were on. Never send us your password or full card number.
        </Paragraph>
      </ContentSection>
      <ContentSection title="Urgent problems during a delivery">
        <Paragraph>
          If an item is lost, damaged or not what was described, put “Urgent” in the subject line.
          If someone is in danger, contact local emergency services first.
        </Paragraph>
      </ContentSection>
    </ContentPage>
  )
}
