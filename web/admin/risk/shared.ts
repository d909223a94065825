// What the risk analysis screens share: the link look and the change a save sends.
import type { VariablesOf } from '../graphql'
import type { UPDATE_RISK_ANALYSIS } from './queries'

export const linkClass = 'text-blue-800 underline-offset-2 hover:underline'

export type RiskPatch = VariablesOf<typeof UPDATE_RISK_ANALYSIS>['input']
