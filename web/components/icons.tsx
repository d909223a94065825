import type { SolutionCategory } from '../lib/solutions'
// The drawings live in one SVG sprite, a hashed file the browser caches once,
// rather than in the page's JavaScript: every public page paid about 1 KB gzip
// of script for them (ADR 068). `no-inline` keeps Vite from turning the small
// file into a data: URL, which an SVG <use> may not reference.
import sprite from './icons.svg?url&no-inline'

// A few decorative line icons on a 24px grid, drawn in icons.svg rather than
// taken from an icon library. Always aria-hidden: text carries meaning.
type IconProps = { className?: string }

/** The sprite's symbol `id` (see icons.svg), drawn with the site's line style. */
const icon =
  (id: string) =>
  ({ className = 'h-6 w-6' }: IconProps) => (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <use href={`${sprite}#${id}`} />
    </svg>
  )

export const BriefcaseIcon = icon('briefcase')
export const SparklesIcon = icon('sparkles')
export const HeartPulseIcon = icon('heart-pulse')
export const ChartIcon = icon('chart')
export const CardIcon = icon('card')
export const BoxIcon = icon('box')
export const GridIcon = icon('grid')
export const ShieldIcon = icon('shield')
export const GaugeIcon = icon('gauge')
export const WrenchIcon = icon('wrench')
export const PhoneIcon = icon('phone')
export const MailIcon = icon('mail')
export const CalendarIcon = icon('calendar')
export const MapPinIcon = icon('map-pin')
export const ClockIcon = icon('clock')
export const CheckIcon = icon('check')
export const MenuIcon = icon('menu')
export const CloseIcon = icon('close')
export const DownloadIcon = icon('download')
export const ArrowRightIcon = icon('arrow-right')
export const AppleIcon = icon('apple')

export const CATEGORY_ICONS: Record<SolutionCategory, (p: IconProps) => React.JSX.Element> = {
  'business-management': BriefcaseIcon,
  'ai-automation': SparklesIcon,
  healthcare: HeartPulseIcon,
  'data-analytics': ChartIcon,
  pos: CardIcon,
  inventory: BoxIcon,
  other: GridIcon,
}
