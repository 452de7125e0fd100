import { BulletList, ContentPage, ContentSection, Paragraph } from './content-page'
import { steps } from './steps'

export function HowItWorksPage() {
  return (
    <ContentPage
      title="How Tote works"
      lead="Tote is a marketplace: senders post items, deliverers carry them, and our team approves each step so both sides know what they agreed to."
    >
      {steps.map((step, index) => (
        <ContentSection key={step.title} title={`${index + 1}. ${step.title}`}>
          <Paragraph>{step.text}</Paragraph>
        </ContentSection>
      ))}
      <ContentSection title="For senders">
        <BulletList
          items={[
            'Create an account as a sender and verify your email address.',
            'Post an item with its category, size, weight, pickup and drop-off places, a delivery deadline and your price. You can edit it until our team has approved it.',
            'When a deliverer’s request has been approved, you see who they are and the price they ask. Accept it by paying by card, or reject it and the item becomes available again.',
            'Follow the status from ready to pick up, to in process, to delivered, and view the proof of delivery.',
          ]}
        />
      </ContentSection>
      <ContentSection title="For deliverers">
        <BulletList
          items={[
            'Create an account as a deliverer and add a payout method.',
            'Choose your current location and destination on the map and a search radius; Tote lists items whose route matches yours.',
            'Request an item with a travel document (a ticket or booking, PDF or image up to 2 MB), optionally offer your own price, and accept the deliverer terms.',
            'Once the sender accepts, pick the item up, mark it in process, and upload a proof of delivery when you hand it over.',
          ]}
        />
      </ContentSection>
      <ContentSection title="Safety checks">
        <Paragraph>
          Every item and every delivery request is reviewed by an administrator before the other
          side sees it. Administrators may ask either party for more information; you answer from
          the item’s page with a message and an optional document.
        </Paragraph>
      </ContentSection>
    </ContentPage>
  )
}
