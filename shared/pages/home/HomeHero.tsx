import { css } from '@emotion/react';
import { StatsRow } from '../../blocks/StatsRow.tsx';
import { colors, fontSizes, lineHeights, mq, space } from '../../theme/theme.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Container } from '../../ui/Container.tsx';
import { Heading } from '../../ui/Heading.tsx';

const hero = css`
  position: relative;
  overflow: hidden;
  background: ${colors.navy};
  color: ${colors.white};
  padding-block: ${space[8]} ${space[8]};
  ${mq.lg} { padding-block: ${space[10]} ${space[9]}; }
  /* A quiet horizon of lines and a warm glow: the "shipyard at dawn" of the brand, pure CSS. */
  &::before {
    content: '';
    position: absolute;
    inset: 0;
    background:
      radial-gradient(60rem 30rem at 85% 0%, rgba(255, 122, 61, 0.22), transparent 60%),
      repeating-linear-gradient(0deg, rgba(255, 255, 255, 0.045) 0 1px, transparent 1px 48px);
    pointer-events: none;
  }
  & > * { position: relative; }
  & h1 { margin: 0; max-width: 18ch; text-wrap: balance; }
`;

const subtitle = css`
  max-width: 62ch;
  margin: ${space[6]} 0 0;
  color: ${colors.onNavyMuted};
  font-size: ${fontSizes.xl};
  line-height: ${lineHeights.body};
`;

const actions = css`margin-top: ${space[7]};`;

const stats = css`margin-top: ${space[8]}; ${mq.lg} { margin-top: ${space[9]}; }`;

export function HomeHero({
  hero: words,
  stats: numbers,
}: {
  readonly hero: { readonly title: string; readonly subtitle: string; readonly cta: { readonly label: string; readonly anchor: string } };
  readonly stats: { readonly title: string; readonly items: readonly { readonly value: string; readonly label: string }[] };
}) {
  return (
    <div css={hero} data-surface="dark">
      <Container>
        <Heading level={1}>{words.title}</Heading>
        <p css={subtitle}>{words.subtitle}</p>
        <div css={actions}>
          <ButtonLink to={`#${words.cta.anchor}`} size="lg" arrow confetti>
            {words.cta.label}
          </ButtonLink>
        </div>
        <section css={stats} aria-label={numbers.title}>
          <StatsRow items={numbers.items} tone="dark" />
        </section>
      </Container>
    </div>
  );
}
