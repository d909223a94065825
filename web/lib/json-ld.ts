import type { SiteConfig } from '../../schema/site-config'
import { CLAIMS } from '../../schema/site-copy'

/**
 * Structured data for the home page: the business as a schema.org
 * ProfessionalService (https://schema.org/ProfessionalService), so search
 * engines can show its contact details, area and hours.
 */
export function professionalService(config: SiteConfig) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    name: config.ownerName
      ? `${config.ownerName} - Custom Software & IT Support`
      : 'Custom Software & IT Support',
    description:
      'Custom business software, healthcare technology and IT support from a former paramedic turned software developer. HIPAA-compliant solutions, most live in 3-6 weeks.',
    url: `${config.siteUrl}/`,
    ...(config.contactEmail && { email: config.contactEmail }),
    ...(config.contactPhone && { telephone: config.contactPhone }),
    ...(config.ownerName && { founder: { '@type': 'Person', name: config.ownerName } }),
    areaServed: { '@type': 'Place', name: CLAIMS.location },
    address: { '@type': 'PostalAddress', addressRegion: 'IL', addressCountry: 'US' },
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '09:00',
        closes: '17:00',
      },
    ],
    knowsAbout: [
      'Custom software development',
      'Healthcare technology',
      'HIPAA compliance',
      'Business automation',
      'IT support',
    ],
  }
}
