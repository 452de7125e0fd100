import { SITE_TERMS_VERSION } from '@contract/legal'
import { BulletList, ContentPage, ContentSection, Paragraph } from './content-page'

export function PrivacyPage() {
  return (
    <ContentPage
      title="Privacy policy"
      version={SITE_TERMS_VERSION}
      lead="What Tote collects, why, and what you can do about it."
    >
      <ContentSection title="What we collect">
        <BulletList
          items={[
            'Account details: your name, email address, role, and optionally your phone number and address.',
            'Item details you post, including pickup and drop-off locations and delivery contacts.',
            'Documents you upload: travel documents, proofs of delivery and replies to information requests.',
            'Payment records. Card details are handled by our payment provider and never stored by Tote.',
            'Technical data needed to keep you signed in and the service secure, such as session records.',
          ]}
        />
      </ContentSection>
      <ContentSection title="Why we use it">
        <Paragraph>
          We use your data to run the marketplace: to match items with deliverers, to let
          administrators approve items and requests, to take payments and pay deliverers, to send
          account emails (verification and password resets), and to prevent fraud. We do not sell
          your data and do not use it for advertising.
        </Paragraph>
      </ContentSection>
      <ContentSection title="Who can see it">
        <Paragraph>
          A deliverer sees the item details they need to decide whether to carry it; the recipient’s
          address and phone number are shown only to the deliverer whose request the sender
          accepted. A sender sees the name, price and travel document of an approved deliverer.
          Administrators see what they need to review items and requests. Uploaded documents are
          stored under random names and are only served to people allowed to see them.
        </Paragraph>
      </ContentSection>
      <ContentSection title="Data on your device">
        <Paragraph>
          To work offline, Tote keeps your sign-in token, its expiry, your basic profile and the
          items you have viewed in your browser’s storage. Logging out removes your session from the
          device.
        </Paragraph>
      </ContentSection>
      <ContentSection title="Your choices">
        <Paragraph>
          You can update your profile at any time from Profile settings. To get a copy of your data
          or to close your account, write to support@tote.example and we will answer within 30 days.
        </Paragraph>
      </ContentSection>
    </ContentPage>
  )
}
