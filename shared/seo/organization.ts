import type { Agency, Office } from '../content/contentApi.ts';
import { href } from '../routes/links.ts';
import { absoluteUrl, type JsonLdFactory, type JsonLdObject, type SiteContext } from './jsonLd.ts';
import { shareImageUrl } from './shareImage.ts';

/** The agency as an `Organization`, each office a `LocalBusiness` department. */
export function organizationJsonLd(agency: Agency): JsonLdFactory {
  return (site) => ({
    '@type': 'Organization',
    '@id': `${site.baseUrl}/#organization`,
    name: agency.name,
    legalName: agency.legalName,
    url: absoluteUrl(site, '/'),
    logo: absoluteUrl(site, '/favicon.svg'),
    image: shareImageUrl(site),
    email: agency.emails.collaboration,
    foundingDate: String(agency.foundedYear),
    slogan: agency.slogan,
    taxID: agency.inn,
    sameAs: Object.values(agency.social).filter((url): url is string => typeof url === 'string'),
    contactPoint: agency.offices.map((office) => ({
      '@type': 'ContactPoint',
      contactType: 'sales',
      telephone: office.phone,
      email: office.email,
      areaServed: 'RU',
      availableLanguage: 'ru',
    })),
    department: agency.offices.map((office) => localBusiness(agency, office, site)),
  });
}

function localBusiness(agency: Agency, office: Office, site: SiteContext): JsonLdObject {
  return {
    '@type': 'LocalBusiness',
    '@id': `${site.baseUrl}/contacts/#office-${encodeURIComponent(office.city)}`,
    name: `${agency.name} — ${office.city}`,
    url: absoluteUrl(site, href('contacts')),
    image: shareImageUrl(site),
    telephone: office.phone,
    email: office.email,
    address: { '@type': 'PostalAddress', streetAddress: office.address, addressLocality: office.city, addressCountry: 'RU' },
    geo: { '@type': 'GeoCoordinates', latitude: office.geo.lat, longitude: office.geo.lng },
    parentOrganization: { '@id': `${site.baseUrl}/#organization` },
  };
}
