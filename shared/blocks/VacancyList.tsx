import { css } from '@emotion/react';
import type { Employment, Vacancy } from '../content/contentApi.ts';
import { colors, durations, fontSizes, fontWeights, lineHeights, mq, radii, space } from '../theme/theme.ts';
import { formatSalary } from '../format/money.ts';
import { HtmlBody } from './HtmlBody.tsx';
import { bareList } from '../ui/layoutStyles.ts';
import { vacancyAnchor } from '../browser/anchors.ts';

/** Interface words for the employment kinds of the content service. */
const EMPLOYMENT: Readonly<Record<Employment, string>> = {
  full: 'Полная занятость',
  part: 'Частичная занятость',
  internship: 'Стажировка',
};

const list = css`${bareList} display: grid; grid-template-columns: minmax(0, 1fr); gap: ${space[3]};`;

const item = css`
  border-radius: ${radii.lg};
  background: ${colors.surface};
  border: 1px solid ${colors.border};
  & summary {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: ${space[2]};
    padding: ${space[5]};
    cursor: pointer;
    list-style: none;
    ${mq.md} { grid-template-columns: minmax(0, 1fr) auto; align-items: center; gap: ${space[5]}; padding: ${space[5]} ${space[6]}; }
  }
  & summary::-webkit-details-marker { display: none; }
  & summary:focus-visible { outline: 3px solid ${colors.link}; outline-offset: 2px; border-radius: ${radii.lg}; }
  & summary:hover [data-vacancy-title] { color: ${colors.link}; }
  /* A link to the vacancy shows its text without scripts too (with them, scrollToAnchor.ts opens it). */
  li:target > &:not([open])::details-content { content-visibility: visible; display: block; }
`;

/** A summary takes phrasing content (decision 040): the title and facts are spans laid out as blocks. */
const title = css`
  display: block;
  font-size: ${fontSizes.xl};
  font-weight: ${fontWeights.bold};
  line-height: ${lineHeights.heading};
  transition: color ${durations.fast}ms;
`;

const facts = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${space[1]} ${space[4]};
  margin: ${space[2]} 0 0;
  color: ${colors.inkMuted};
  font-size: ${fontSizes.sm};
`;

const summaryText = css`display: block; min-width: 0;`;
const salary = css`font-size: ${fontSizes.lg}; font-weight: ${fontWeights.bold}; white-space: nowrap;`;

const body = css`
  padding: 0 ${space[5]} ${space[6]};
  border-top: 1px solid ${colors.border};
  padding-top: ${space[5]};
  ${mq.md} { padding-inline: ${space[6]}; }
`;

/** Open vacancies as native `<details>` rows, working before hydration. */
export function VacancyList({ vacancies }: { readonly vacancies: readonly Vacancy[] }) {
  return (
    <ul css={list}>
      {vacancies.map((vacancy) => {
        const pay = formatSalary(vacancy.salaryFrom, vacancy.salaryTo);
        return (
          <li key={vacancy.slug} id={vacancyAnchor(vacancy.slug)}>
            <details css={item}>
              <summary>
                <span css={summaryText}>
                  <span css={title} data-vacancy-title="">
                    {vacancy.title}
                  </span>
                  <span css={facts}>
                    <span>{vacancy.department}</span>
                    <span>{vacancy.city}</span>
                    <span>{EMPLOYMENT[vacancy.employment]}</span>
                    <span>Опыт: {vacancy.experience}</span>
                  </span>
                </span>
                {pay ? <span css={salary}>{pay}</span> : null}
              </summary>
              <div css={body}>
                <HtmlBody html={vacancy.html} title={vacancy.title} />
              </div>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
