import type { SiteConfig } from '../../schema/site-config'
import { CLAIMS } from '../../schema/site-copy'
import { projectPath } from '../../schema/slug'
import { absolute } from './meta'
import type { PublicProjectPage } from './solutions'

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

/**
 * Structured data for a project page: the solution as a schema.org
 * SoftwareApplication (https://schema.org/SoftwareApplication) made by the
 * owner, with its image, technologies and a client's review when there is one.
 */
export function projectJsonLd(project: PublicProjectPage, config: SiteConfig, image: string | null) {
  const url = `${config.siteUrl}${projectPath(project.slug)}`
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: project.title,
    description: project.description,
    url,
    applicationCategory: 'BusinessApplication',
    ...(image && { image: absolute(config.siteUrl, image) }),
    ...(project.technologies.length > 0 && { keywords: project.technologies.join(', ') }),
    ...(project.targetAudience && {
      audience: { '@type': 'Audience', audienceType: project.targetAudience },
    }),
    ...(config.ownerName && { author: { '@type': 'Person', name: config.ownerName } }),
    ...(project.testimonial && {
      review: {
        '@type': 'Review',
        reviewBody: project.testimonial.quote,
        ...(project.testimonial.author && {
          author: { '@type': 'Person', name: project.testimonial.author },
        }),
      },
    }),
  }
}
