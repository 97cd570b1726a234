import type { Agency, Employment, Vacancy } from '../content/contentApi.ts';
import { vacancyAnchor } from '../browser/anchors.ts';
import { href } from '../routes/links.ts';
import { absoluteUrl, type JsonLdFactory } from './jsonLd.ts';

const EMPLOYMENT_TYPE: Record<Employment, string> = { full: 'FULL_TIME', part: 'PART_TIME', internship: 'INTERN' };
const REMOTE = 'Удалённо';

/** `JobPosting` for a vacancy on /career/ (Google requires an HTML description, dates and a place). */
export function jobPostingJsonLd(vacancy: Vacancy, agency: Pick<Agency, 'name'>): JsonLdFactory {
  return (site) => {
    const remote = vacancy.city === REMOTE;
    const salary = vacancy.salaryFrom ?? vacancy.salaryTo;
    return {
      '@type': 'JobPosting',
      title: vacancy.title,
      description: vacancy.html,
      datePosted: vacancy.datePosted,
      validThrough: vacancy.validThrough,
      employmentType: EMPLOYMENT_TYPE[vacancy.employment],
      industry: vacancy.department,
      experienceRequirements: vacancy.experience,
      url: absoluteUrl(site, href('career', {}, { hash: vacancyAnchor(vacancy.slug) })),
      hiringOrganization: {
        '@type': 'Organization',
        '@id': `${site.baseUrl}/#organization`,
        name: agency.name,
        sameAs: absoluteUrl(site, href('home')),
      },
      ...(remote
        ? { jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { '@type': 'Country', name: 'Россия' } }
        : {
            jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: vacancy.city, addressCountry: 'RU' } },
          }),
      ...(salary === null
        ? {}
        : {
            baseSalary: {
              '@type': 'MonetaryAmount',
              currency: 'RUB',
              value: {
                '@type': 'QuantitativeValue',
                unitText: 'MONTH',
                ...(vacancy.salaryFrom === null ? {} : { minValue: vacancy.salaryFrom }),
                ...(vacancy.salaryTo === null ? {} : { maxValue: vacancy.salaryTo }),
              },
            },
          }),
    };
  };
}
