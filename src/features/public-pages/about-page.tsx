import { ContentPage, ContentSection, Paragraph } from './content-page'

export function AboutPage() {
  return (
    <ContentPage
      title="About Tote"
      lead="Millions of people travel between cities every day with room to spare. Tote puts that room to use."
    >
      <ContentSection title="Why we built it">
        <Paragraph>
          Sending a small item across the country or abroad is often slow and expensive, while the
          people making that same trip carry half-empty bags. Tote lets senders reach those
          deliverers, and lets deliverers earn a little from journeys they are making anyway.
        </Paragraph>
      </ContentSection>
      <ContentSection title="How we keep it fair">
        <Paragraph>
          Senders set their price and deliverers may offer theirs; nobody pays until a request is
          accepted. Every item and request is reviewed by our team, deliverers prove their trips,
          and deliveries end with a proof of delivery.
        </Paragraph>
      </ContentSection>
      <ContentSection title="Built for the road">
        <Paragraph>
          Tote is an installable app that keeps working with a weak or missing connection, so a
          deliverer in an airport or on a train can still see their deliveries and send updates when
          the signal returns.
        </Paragraph>
      </ContentSection>
    </ContentPage>
  )
}
