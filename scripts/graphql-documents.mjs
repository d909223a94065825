// `npm run lint:graphql`: every GraphQL document the admin sends is valid against
// the printed schema (schema/schema.graphql). The documents are gql.tada's
// `graphql('...', [fragments])` calls in web/; `tsc -b` types their results, and
// this checks what the types cannot: an unknown field or argument, a wrong
// variable type, a fragment on the wrong type (GraphQL's own validation rules).
// It replaces `gql-tada check`, which built a whole TypeScript program with the
// editor plugin for the same answer at 18 CPU-seconds a run (ADR 178); this reads
// the files with TypeScript's parser only and validates with graphql-js.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { buildSchema, Kind, NoUnusedFragmentsRule, parse, specifiedRules, validate } from 'graphql'
import ts from 'typescript'

/**
 * The documents in one source file: each `graphql(...)` call's first argument,
 * which must be a plain string (gql.tada reads it as a literal type), the name of
 * the constant it is assigned to, and the names in its second argument (the
 * fragment documents it uses).
 * @param {string} path
 * @param {string} text
 * @returns {{ documents: Document[], errors: string[] }}
 */
export function documentsIn(path, text) {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true)
  const documents = []
  const errors = []
  const where = (node) => `${path}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`
  const walk = (node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'graphql') {
      const [first, second] = node.arguments
      const uses = second && ts.isArrayLiteralExpression(second) ? second.elements : []
      if (!(first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)))) {
        errors.push(`${where(node)}: a GraphQL document must be a plain string literal`)
      } else if (!uses.every((e) => ts.isIdentifier(e))) {
        errors.push(`${where(node)}: the fragments a document uses must be named constants`)
      } else {
        documents.push({
          path,
          line: file.getLineAndCharacterOfPosition(first.getStart()).line + 1,
          name:
            ts.isVariableDeclaration(node.parent) && ts.isIdentifier(node.parent.name)
              ? node.parent.name.text
              : null,
          text: first.text,
          uses: uses.map((e) => e.text),
        })
      }
    }
    ts.forEachChild(node, walk)
  }
  walk(file)
  return { documents, errors }
}

/**
 * @typedef {{ path: string, line: number, name: string | null, text: string, uses: string[] }} Document
 */

/**
 * Validates documents against a schema, each together with the fragments it is
 * given (gql.tada's second argument, and what those were given in turn: at run
 * time gql.tada appends exactly those). A fragment document is matched to a name
 * in the same file first, else to the one constant of that name in web/. A
 * document of fragments only is validated without the rule that every fragment
 * be used.
 * @param {string} sdl
 * @param {Document[]} documents
 * @returns {string[]} one message per problem, empty when all are valid
 */
export function checkDocuments(sdl, documents) {
  // gql.tada's client-side directive (a fragment read without masking); its
  // runtime strips it before a document is sent.
  const schema = buildSchema(`${sdl}\ndirective @_unmask on FRAGMENT_DEFINITION\n`)
  const errors = []
  const parsed = new Map()
  for (const doc of documents) {
    try {
      parsed.set(doc, parse(doc.text))
    } catch (error) {
      errors.push(`${doc.path}:${doc.line}: ${error.message}`)
    }
  }
  const named = (doc, name) => {
    const here = documents.filter((d) => d.name === name && d.path === doc.path)
    const anywhere = documents.filter((d) => d.name === name)
    const [found] = here.length > 0 ? here : anywhere.length === 1 ? anywhere : []
    return found && parsed.has(found) ? found : null
  }
  const withoutUnusedFragments = specifiedRules.filter((rule) => rule !== NoUnusedFragmentsRule)
  for (const [doc, ast] of parsed) {
    const at = `${doc.path}:${doc.line}`
    // The fragment definitions this document is given, directly or through the fragments it is given.
    const given = []
    const seen = new Set([doc])
    const pending = [doc]
    while (pending.length > 0) {
      const current = pending.pop()
      for (const name of current.uses) {
        const used = named(current, name)
        if (!used) {
          errors.push(`${current.path}:${current.line}: ${name} is not a GraphQL document of web/`)
          continue
        }
        if (seen.has(used)) continue
        seen.add(used)
        pending.push(used)
        given.push(...parsed.get(used).definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION))
      }
    }
    const hasOperation = ast.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION)
    const full = { ...ast, definitions: [...ast.definitions, ...given] }
    for (const error of validate(schema, full, hasOperation ? specifiedRules : withoutUnusedFragments)) {
      errors.push(`${at}: ${error.message}`)
    }
  }
  return errors
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

if (process.argv[1] === import.meta.filename) {
  const root = join(import.meta.dirname, '..')
  const documents = []
  const errors = []
  for (const file of sourceFiles(join(root, 'web'))) {
    const found = documentsIn(relative(root, file), readFileSync(file, 'utf8'))
    documents.push(...found.documents)
    errors.push(...found.errors)
  }
  errors.push(...checkDocuments(readFileSync(join(root, 'schema/schema.graphql'), 'utf8'), documents))
  if (errors.length > 0) {
    console.error(errors.join('\n'))
    console.error(`${errors.length} problem(s) in the admin's GraphQL documents`)
    process.exit(1)
  }
  console.log(`${documents.length} GraphQL documents valid against schema/schema.graphql`)
}
