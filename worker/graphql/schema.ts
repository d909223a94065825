// Assembles the code-first schema: each domain module registers its types and
// fields on the shared builder when imported.
import { builder } from './builder'
import './projects'
import './skills'
import './content'
import './resumes'
import './uploads'
import './requests'
import './clients'
import './client-hub'
import './quotes'
import './billing'
import './plans'
import './assets'
import './maintenance'
import './ratings'
import './vault'
import './risk-analyses'
import './compliance'
import './reports'
import './books'

// Every mutation requires the owner's session, like every query (builder.ts).
builder.mutationType({ description: "The owner's writes.", authScopes: { owner: true } })

export const schema = builder.toSchema()
