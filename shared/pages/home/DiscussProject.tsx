import { RequestSection } from '../../blocks/RequestSection.tsx';
import { RequestForm } from '../../forms/lazyForms.tsx';

/** §9 anchor `discuss-the-project`: where the header's call-to-action scrolls from 1280 px. */
export function DiscussProject({
  block,
}: {
  readonly block: { readonly anchor: string; readonly title: string; readonly text: string; readonly email: string; readonly note: string };
}) {
  return (
    <RequestSection
      anchor={block.anchor}
      headingId="home-discuss"
      title={block.title}
      intro={block.text}
      email={block.email}
      footnote={block.note}
    >
      <RequestForm />
    </RequestSection>
  );
}
