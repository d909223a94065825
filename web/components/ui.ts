// Shared Tailwind class strings for the public pages. Buttons and links styled
// as buttons are native elements, so they use :focus-visible.

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg px-5 py-3 text-base font-semibold transition-colors outline-none focus-visible:ring-2 focus-visible:ring-offset-2'

export const button = {
  primary: `${base} bg-blue-700 text-white hover:bg-blue-800 focus-visible:ring-blue-700`,
  secondary: `${base} border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 focus-visible:ring-blue-700`,
  /** On dark (slate-900 / blue-900) backgrounds. */
  light: `${base} bg-white text-blue-800 hover:bg-blue-50 focus-visible:ring-white focus-visible:ring-offset-blue-900`,
  outlineLight: `${base} border border-white/80 text-white hover:bg-white/10 focus-visible:ring-white focus-visible:ring-offset-blue-900`,
  small: `${base} px-3 py-2 text-sm`,
} as const

export const container = 'mx-auto w-full max-w-6xl px-4 sm:px-6'
export const section = 'py-16 sm:py-20'
export const sectionTitle = 'text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl'
export const lead = 'text-lg leading-relaxed text-slate-700'
export const card = 'rounded-xl border border-slate-200 bg-white p-6 shadow-sm'
export const textLink =
  'font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-900 rounded outline-none focus-visible:ring-2 focus-visible:ring-blue-700'
