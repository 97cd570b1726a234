import { css } from '@emotion/react';
import { useRef } from 'react';
import { useLoaderData } from 'react-router';
import { useFocusWhenLeadSent } from '../../forms/successFocus.ts';
import { PageHero } from '../../blocks/PageHero.tsx';
import { HeadedSection } from '../../blocks/SectionHeader.tsx';
import { StepList } from '../../blocks/StepList.tsx';
import { SubscribeSection } from '../../blocks/SubscribeSection.tsx';
import { space } from '../../theme/theme.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import type { SuccessRequestData } from './loader.ts';

/** The message takes the focus after a sent form; the keyboard's ring is for the keyboard only. */
const message = css`&:focus:not(:focus-visible) { outline: none; }`;

const shortcuts = css`display: flex; flex-wrap: wrap; gap: ${space[3]}; margin-top: ${space[7]};`;

export default function SuccessRequestPage() {
  const { words } = useLoaderData<SuccessRequestData>();
  const { blocks } = words;
  const sentMessage = useRef<HTMLDivElement>(null);
  useFocusWhenLeadSent(sentMessage);
  return (
    <>
      <div ref={sentMessage} tabIndex={-1} css={message} data-success-message="">
        <PageHero title={blocks.hero.title} eyebrow={words.title} lead={blocks.hero.text} />
      </div>
      <HeadedSection tone="alt" headingId="success-next" title={blocks.next.title}>
        <StepList steps={blocks.next.steps} />
        <div css={shortcuts}>
          {blocks.next.shortcuts.map((link) => (
            <ButtonLink key={link.url} to={link.url} variant="secondary" arrow>
              {link.label}
            </ButtonLink>
          ))}
        </div>
      </HeadedSection>
      <SubscribeSection block={blocks.subscribe} />
    </>
  );
}
