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
            'When a deliverer’s offer has been approved, you see who they are, their rating and their price. Accept it and pay by card (Tote holds the payment until the item is delivered), or decline it and the item stays open for offers.',
            'Follow it from Paid — awaiting pickup to On its way to Delivered: show the deliverer your pickup code when you hand the item over, and the recipient confirms the delivery with theirs.',
          ]}
        />
      </ContentSection>
      <ContentSection title="For deliverers">
        <BulletList
          items={[
            'Create an account as a deliverer and add a payout method.',
            'Choose your current location and destination on the map and a search radius; Tote lists items whose route matches yours.',
            'Request an item with a travel document (a ticket or booking, PDF or image up to 2 MB), optionally offer your own price, and accept the deliverer terms.',
            'Once the sender accepts and pays, pick the item up and confirm the pickup with the sender’s code; at the drop-off, confirm the delivery with the recipient’s code and a proof of delivery. You are paid once it is delivered.',
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
