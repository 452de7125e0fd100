import { SITE_TERMS_VERSION } from '@contract/legal'
import { BulletList, ContentPage, ContentSection, Paragraph } from './content-page'

export function TermsPage() {
  return (
    <ContentPage
      title="Terms of service"
      version={SITE_TERMS_VERSION}
      lead="The rules every sender and deliverer on Tote agrees to."
    >
      <ContentSection title="1. The service">
        <Paragraph>
          Tote is a marketplace that connects people who want an item carried (senders) with people
          who travel and can carry it (deliverers). Tote is not a carrier: the agreement to carry an
          item is between the sender and the deliverer, under these terms.
        </Paragraph>
      </ContentSection>
      <ContentSection title="2. Accounts">
        <BulletList
          items={[
            'You must give accurate details and keep your password secret.',
            'One person, one account. Administrators may suspend accounts that break these terms.',
          ]}
        />
      </ContentSection>
      <ContentSection title="3. Senders">
        <BulletList
          items={[
            'Describe items honestly, including weight, size and fragility.',
            'Only post items that are legal to carry and to import at the destination. No dangerous goods, weapons, drugs, cash or live animals.',
            'Pack items so they survive normal handling in luggage.',
            'Before your first payment you accept the sender terms published by Tote’s administrators, and again when they change.',
          ]}
        />
      </ContentSection>
      <ContentSection title="4. Deliverers">
        <BulletList
          items={[
            'Only request items for trips you are really taking, with a genuine travel document.',
            'You may inspect an item before pickup and refuse it if it does not match its description.',
            'Hand the item only to the delivery contact and upload a proof of delivery.',
            'Before each request you accept the deliverer terms published by Tote’s administrators.',
          ]}
        />
      </ContentSection>
      <ContentSection title="5. Payments">
        <Paragraph>
          The sender pays by card when accepting a request. The amount is the price shown at
          acceptance, in US dollars. Tote holds the payment until the item is delivered; the
          deliverer is then paid to the payment method they set up.
        </Paragraph>
      </ContentSection>
      <ContentSection title="6. Liability">
        <Paragraph>
          Tote reviews items and requests but cannot inspect every package. To the extent the law
          allows, Tote is not liable for loss, damage or delay caused by senders or deliverers;
          disputes should first be raised with support@tote.example so we can help resolve them.
        </Paragraph>
      </ContentSection>
      <ContentSection title="7. Changes">
        <Paragraph>
          We may update these terms. Material changes are announced in the app before they apply;
          using Tote afterwards means you accept the new terms.
        </Paragraph>
      </ContentSection>
    </ContentPage>
  )
}
