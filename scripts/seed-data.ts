// Demo content for an empty local database. It exercises every part of the UI:
// every public filter category (plus the legacy `ai-chatbot` and an unknown
// one), every status and a missing one, missing / placeholder / invalid image
// URLs, valid live and demo URLs, and private or non-public projects.
import { addDays, businessToday, slotInstant, weekdayOf } from '../schema/slot-time'
import { slugify } from '../schema/slug'
import type { NewProject } from '../schema/tables'

const projects: Omit<NewProject, 'slug'>[] = [
  {
    title: 'ClinicFlow Practice Manager',
    description:
      'Scheduling, patient intake and billing for small clinics in one HIPAA-compliant web application, replacing three disconnected tools and a stack of paper forms.',
    category: 'healthcare',
    status: 'production',
    problemSolved: 'Front-desk staff re-typed patient details into three systems.',
    businessValue: 'Documentation time down 70% in the first month.',
    targetAudience: 'Independent clinics and urgent-care practices',
    keyFeatures: ['Online intake forms', 'Insurance eligibility checks', 'Automated reminders', 'Audit log'],
    technologies: ['TypeScript', 'React', 'Cloudflare Workers', 'D1'],
    // {site} becomes the site's own origin, so the demo images load offline.
    image: '/demo/clinicflow.svg',
    liveUrl: 'https://clinicflow.example.com',
    metrics: [
      { label: 'Documentation time', value: '-70%' },
      { label: 'Tools replaced', value: '3' },
    ],
    testimonial: {
      quote: 'Our front desk finally leaves on time.',
      author: 'Dana R.',
      role: 'Practice manager',
    },
    order: 1,
    featured: true,
  },
  {
    title: 'Field Service Dispatch Board',
    description:
      'A dispatch board for a regional HVAC company: jobs, technicians, parts and invoices on one screen, with a mobile view for technicians on the road.',
    category: 'business-management',
    status: 'production',
    problemSolved: 'Jobs were tracked on a whiteboard and lost between shifts.',
    businessValue: 'Saves 20+ hours weekly in scheduling calls.',
    targetAudience: 'Service businesses with 5-50 technicians',
    keyFeatures: ['Drag-and-drop scheduling', 'Technician mobile view', 'Invoice on completion'],
    technologies: ['React', 'Node.js', 'PostgreSQL'],
    image: '/api/placeholder/600/400',
    liveUrl: 'https://dispatch.example.com',
    metrics: [{ label: 'Hours saved weekly', value: '20+' }],
    order: 2,
    featured: true,
  },
  {
    title: 'After-Hours Answering Assistant',
    description:
      'An AI assistant that answers common questions after hours, books appointments and hands urgent calls to the on-call person with a written summary.',
    category: 'ai-chatbot',
    status: 'beta',
    problemSolved: 'Missed after-hours calls meant missed appointments.',
    businessValue: 'Captures bookings that used to go to voicemail.',
    targetAudience: 'Clinics and service businesses',
    keyFeatures: ['Natural-language answers', 'Appointment booking', 'Urgent hand-off', 'Conversation log'],
    technologies: ['OpenAI API', 'Cloudflare Workers', 'Twilio'],
    image: '',
    demoUrl: 'https://demo.example.com/assistant',
    order: 3,
  },
  {
    title: 'Document Intake Automation',
    description:
      'Reads faxed and scanned referrals, extracts patient and insurance details and files them in the right queue for review.',
    category: 'ai-automation',
    status: 'development',
    problemSolved: 'Staff spent hours a day keying referral faxes.',
    businessValue: 'Reduce errors by 90% on data entry.',
    targetAudience: 'Specialty practices receiving referrals',
    keyFeatures: ['OCR extraction', 'Review queue', 'EHR export'],
    technologies: ['Python', 'Tesseract', 'FastAPI'],
    image: 'not a url',
    order: 4,
  },
  {
    title: 'Revenue Dashboard',
    description:
      'Daily revenue, margin and staffing dashboards pulled from the point of sale and payroll systems, with alerts when a number drifts.',
    category: 'data-analytics',
    status: 'production',
    problemSolved: 'The owner waited until month end to see the numbers.',
    businessValue: 'Typical ROI in 2-3 months.',
    targetAudience: 'Owners of multi-location businesses',
    keyFeatures: ['Daily KPIs', 'Drift alerts', 'Exports to Excel'],
    technologies: ['SQL', 'TypeScript', 'Chart.js'],
    image: null,
    liveUrl: 'https://dashboard.example.com',
    metrics: [{ label: 'Cost reduction', value: '30%' }],
    order: 5,
  },
  {
    title: 'Counter POS for Cafés',
    description:
      'A tablet point of sale for small cafés with offline mode, modifiers, tips and end-of-day reports that match the bank deposit.',
    category: 'pos',
    status: 'private',
    problemSolved: 'Off-the-shelf POS fees ate into thin margins.',
    businessValue: 'Save $2-4K monthly in fees.',
    targetAudience: 'Independent cafés and food trucks',
    keyFeatures: ['Offline mode', 'Tips and modifiers', 'End-of-day report'],
    technologies: ['Swift', 'SwiftUI', 'CloudKit'],
    image: '/demo/pos.svg',
    isPublic: false,
    order: 6,
  },
  {
    title: 'Pharmacy Inventory Tracker',
    description:
      'Tracks stock, lot numbers and expiry dates for a rural EMS service, with reorder points and controlled-substance logs.',
    category: 'inventory',
    status: null,
    problemSolved: 'Expired medication was found on ambulances during audits.',
    businessValue: 'Zero expired stock at the last two audits.',
    targetAudience: 'EMS agencies and small pharmacies',
    keyFeatures: ['Expiry alerts', 'Lot tracking', 'Controlled-substance log', 'Barcode scanning'],
    technologies: ['React Native', 'SQLite'],
    image: '/api/placeholder/400/300',
    liveUrl: 'https://inventory.example.com',
    order: 7,
  },
  {
    title: 'Volunteer Shift Planner',
    description:
      'Shift sign-ups, reminders and hour tracking for a volunteer fire department, replacing a shared spreadsheet.',
    category: 'community-tools',
    status: 'beta',
    problemSolved: 'Shifts went unfilled because nobody saw the spreadsheet.',
    targetAudience: 'Volunteer organisations',
    keyFeatures: ['Self-service sign-up', 'SMS reminders'],
    technologies: ['Vue', 'Firebase'],
    demoUrl: 'https://demo.example.com/shifts',
    order: 8,
  },
  {
    title: 'Internal Help Desk',
    description:
      'A lightweight ticketing system for an accounting firm, with email intake and a knowledge base.',
    category: 'other',
    status: 'development',
    keyFeatures: [],
    technologies: ['Laravel', 'MySQL'],
    isPublic: false,
    order: 9,
  },
]

export const seedProjects: NewProject[] = projects.map((p) => ({ ...p, slug: slugify(p.title) }))

export const seedSkills = [
  { category: 'Languages', name: 'TypeScript' },
  { category: 'Languages', name: 'Swift' },
  { category: 'Languages', name: 'Python' },
  { category: 'Languages', name: 'SQL' },
  { category: 'Frameworks', name: 'React' },
  { category: 'Frameworks', name: 'SwiftUI' },
  { category: 'Frameworks', name: 'Node.js' },
  { category: 'Cloud & Infrastructure', name: 'Cloudflare Workers' },
  { category: 'Cloud & Infrastructure', name: 'AWS' },
  { category: 'Cloud & Infrastructure', name: 'Network administration' },
  { category: 'Healthcare', name: 'HIPAA compliance' },
  { category: 'Healthcare', name: 'HL7 / FHIR' },
]

export const seedContent = [
  {
    key: 'home.hero.subtitle',
    content:
      'I build custom software that reduces costs and saves time, shaped by years on the front line as a paramedic.',
    contentType: 'textarea',
  },
  {
    key: 'about.intro',
    content:
      'Before I wrote software, I spent years as a paramedic. I know what it is like when a tool gets in the way of the work.',
    contentType: 'textarea',
  },
  { key: 'contact.location', content: 'Southern Illinois', contentType: 'text' },
]

export const SEED_RESUME_NAME = 'Resume.pdf'

/** A small, valid one-page PDF, built here so no binary sits in the repository. */
export function seedResumePdf(ownerName: string): Uint8Array {
  const text = `${ownerName} - Software Developer & IT Support`.replace(/[()\\]/g, '')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
  ]
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`
  objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`)
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>')
  let pdf = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(pdf.length)
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = pdf.length
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new TextEncoder().encode(pdf)
}

// ---------- Clients (issue 24): two clients with contacts and requests ----------

/** The next weekday at least a week ahead (Central), so the demo booking is in the future. */
function demoBookingDay(now: Date): string {
  let day = addDays(businessToday(now), 7)
  while (weekdayOf(day) === 0 || weekdayOf(day) === 6) day = addDays(day, 1)
  return day
}

/**
 * The demo clients, contacts and requests, with fixed ids (the database is
 * empty when the seed runs) and references S-1001, C-1002 and S-1003 taken
 * from request_numbers, so new requests continue at 1004.
 */
const SEED_CLIENT_NOTE = 'Three doctors, front desk of four. Prefers calls in the morning.'

export function seedClients(now = new Date()) {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 24 * 60 * 60 * 1000)
  const day = demoBookingDay(now)
  return {
    clients: [
      {
        id: 1,
        name: 'Riverside Family Clinic',
        domains: ['riversideclinic.example'],
        notes: SEED_CLIENT_NOTE,
        defaultRateCents: 12_000,
        createdAt: at(20),
        updatedAt: at(20),
      },
      {
        id: 2,
        name: 'Lakeside Dental',
        domains: ['lakesidedental.example'],
        createdAt: at(6),
        updatedAt: at(6),
      },
    ],
    // The client page's dated notes log (issue 36) starts from the notes field, as migration 0028 does.
    clientNotes: [{ clientId: 1, body: SEED_CLIENT_NOTE, createdAt: at(20) }],
    contacts: [
      {
        id: 1,
        clientId: 1,
        name: 'Grace Park',
        email: 'grace@riversideclinic.example',
        phone: '(618) 555-0101',
        role: 'Practice manager',
        createdAt: at(20),
        updatedAt: at(20),
      },
      {
        id: 2,
        clientId: 1,
        name: 'Omar Haddad',
        email: 'omar@riversideclinic.example',
        phone: null,
        role: 'Office IT',
        createdAt: at(12),
        updatedAt: at(12),
      },
      {
        id: 3,
        clientId: 2,
        name: 'Dana Lee',
        email: 'dana@lakesidedental.example',
        phone: '(618) 555-0177',
        role: 'Office manager',
        createdAt: at(6),
        updatedAt: at(6),
      },
    ],
    requestNumbers: [
      { id: 1, kind: 'support' },
      { id: 2, kind: 'consultation' },
      { id: 3, kind: 'support' },
    ],
    supportRequests: [
      {
        reference: 'S-1001',
        clientId: 1,
        contactId: 1,
        name: 'Grace Park',
        email: 'grace@riversideclinic.example',
        phone: '(618) 555-0101',
        businessName: 'Riverside Family Clinic',
        issueType: 'network',
        urgency: 'high',
        description: 'The front-desk printer drops off the network several times a day.',
        preferredContact: 'phone',
        preferredTime: 'morning',
        status: 'in_progress',
        createdAt: at(20),
        updatedAt: at(19),
      },
      {
        reference: 'S-1003',
        clientId: 2,
        contactId: 3,
        name: 'Dana Lee',
        email: 'dana@lakesidedental.example',
        phone: '(618) 555-0177',
        businessName: 'Lakeside Dental',
        issueType: 'software',
        urgency: 'medium',
        description: 'Two staff mailboxes stopped receiving mail from the booking system.',
        preferredContact: 'email',
        preferredTime: null,
        status: 'pending',
        dueAt: new Date(now.getTime() + 24 * 60 * 60 * 1000),
        createdAt: at(1),
        updatedAt: at(1),
      },
    ],
    consultations: [
      {
        reference: 'C-1002',
        uid: crypto.randomUUID(),
        clientId: 1,
        contactId: 1,
        name: 'Grace Park',
        email: 'grace@riversideclinic.example',
        phone: '(618) 555-0101',
        company: 'Riverside Family Clinic',
        projectType: 'web-application',
        budget: '5k-15k',
        description: 'An online intake form that feeds our scheduling system.',
        preferredDate: slotInstant(day, '10:00')!,
        preferredTime: '10:00',
        status: 'confirmed',
        createdAt: at(12),
        updatedAt: at(11),
      },
    ],
  }
}

/**
 * The clinic's people (issue 55): the first demo clinic's roster, and one
 * training module left as a draft for the owner to review before assigning it
 * (its wording is a starting point, not legal advice).
 */
export function seedPeople() {
  const module = {
    title: 'HIPAA security basics',
    body: [
      '## Why this matters',
      '',
      'Everyone who works here handles patient information. HIPAA asks each of us to protect it, and a single shared password or lost phone can expose hundreds of patients.',
      '',
      '## Your accounts',
      '',
      '- Use your own account; never share your password, not even with a colleague.',
      '- Lock your screen (Windows key + L) whenever you leave your desk.',
      '- Use the approved systems only: no patient data in personal e-mail or messaging apps.',
      '',
      '## E-mail and phishing',
      '',
      '- Be wary of messages that ask you to sign in, pay, or open an attachment you did not expect.',
      '- Report a suspicious message to the office manager; do not answer it.',
      '',
      '## If something goes wrong',
      '',
      'A lost device, a misdirected fax or e-mail, or a password you may have given away: tell the office manager the same day. Early reports limit the harm.',
    ].join('\n'),
    questions: [
      {
        prompt: 'A colleague asks for your password to finish a task. You',
        choices: ['Share it this once', 'Decline and help them get their own access'],
        answer: 1,
      },
      {
        prompt: 'You leave your desk for a few minutes. You',
        choices: ['Lock the screen', 'Leave it open'],
        answer: 0,
      },
      {
        prompt: 'An unexpected e-mail asks you to sign in to "verify your account". You',
        choices: ['Sign in quickly', 'Report it and do not click'],
        answer: 1,
      },
      {
        prompt: 'Where may patient information be sent?',
        choices: ['Personal e-mail if urgent', 'Only the approved systems'],
        answer: 1,
      },
      {
        prompt: 'You lost the phone you read work e-mail on. When do you tell the office?',
        choices: ['The same day', 'Only if it is not found within a week'],
        answer: 0,
      },
    ],
    passPercent: 80,
  }
  return {
    training: { ...module, status: 'draft' as const, version: 1 },
    version: { ...module, trainingId: 1, version: 1 },
    staff: [
      { clientId: 1, name: 'Grace Park', email: 'grace@riversideclinic.example', role: 'Practice manager' },
      { clientId: 1, name: 'Luis Ortega', email: 'luis@riversideclinic.example', role: 'Front desk' },
      { clientId: 1, name: 'Mia Chen', email: 'mia@riversideclinic.example', role: 'Nurse' },
    ],
  }
}
