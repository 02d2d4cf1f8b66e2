/**
 * Writes __tests__/contracts/github-openapi.json: api.github.com's REST description, cut to the operations
 * the action calls, for the contract tests' GitHub mock. The full description comes from a pinned
 * `@octokit/openapi`, installed here into a temporary folder from the package registry: it weighs about
 * 400 MB unpacked, so it is never a dependency of the project. Run `npm run cut-github-openapi` after adding
 * a GitHub call to src/github/calls/ (and its operation id to OPERATIONS); never edit the cut by hand.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PROJECT_ROOT } from './run-action.js'

/** The version the committed cut was made from. */
const OCTOKIT_OPENAPI_VERSION = '23.0.2'

/** Every GitHub REST operation the action calls (src/github/calls/), by the description's operation id. */
const OPERATIONS = [
  'actions/download-job-logs-for-workflow-run',
  'actions/list-jobs-for-workflow-run',
  'actions/list-workflow-runs-for-repo',
  'checks/list-annotations',
  'checks/list-for-ref',
  'checks/list-suites-for-ref',
  'git/create-ref',
  'git/delete-ref',
  'git/list-matching-refs',
  'issues/add-labels',
  'issues/create-comment',
  'issues/get',
  'issues/get-comment',
  'issues/list-comments',
  'issues/list-for-repo',
  'issues/remove-label',
  'issues/update-comment',
  'pulls/create-reply-for-review-comment',
  'pulls/get',
  'pulls/list',
  'pulls/list-commits',
  'pulls/list-files',
  'pulls/list-requested-reviewers',
  'pulls/list-reviews',
  'pulls/request-reviewers',
  'pulls/update',
  'pulls/update-review-comment',
  'reactions/create-for-issue-comment',
  'reactions/create-for-pull-request-review-comment',
  'repos/compare-commits',
  'repos/create-commit-status',
  'repos/create-deployment',
  'repos/create-deployment-status',
  'repos/get-collaborator-permission-level',
  'repos/get-combined-status-for-ref',
  'repos/get-commit',
  'repos/list-branches-for-head-commit',
  'repos/list-pull-requests-associated-with-commit',
  'search/issues-and-pull-requests'
]

const CUT_PATH = join(PROJECT_ROOT, '__tests__', 'contracts', 'github-openapi.json')

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
interface Description {
  openapi: string
  info: Json
  servers?: Json
  paths: Record<string, Record<string, Json>>
  components: Record<string, Record<string, Json>>
}

const METHODS = new Set(['get', 'put', 'post', 'patch', 'delete', 'head', 'options'])

/** The description cut to `operations`, with every component they reach and nothing else. */
function cutDescription(full: Description, operations: readonly string[]): Description {
  const wanted = new Set(operations)
  const paths: Description['paths'] = {}
  for (const [path, item] of Object.entries(full.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method) || !wanted.has(operationId(operation))) continue
      wanted.delete(operationId(operation))
      paths[path] = { ...(paths[path] ?? sharedParts(item)), [method]: operation }
    }
  }
  if (wanted.size > 0) throw new Error(`Not in the description: ${[...wanted].join(', ')}`)
  return { openapi: full.openapi, info: full.info, servers: full.servers ?? null, paths, components: reachedComponents(full, paths) }
}

function operationId(operation: Json): string {
  const id = typeof operation === 'object' && operation !== null && !Array.isArray(operation) ? operation.operationId : undefined
  return typeof id === 'string' ? id : ''
}

/** What a path item holds besides its operations (shared parameters). */
function sharedParts(item: Record<string, Json>): Record<string, Json> {
  return Object.fromEntries(Object.entries(item).filter(([key]) => !METHODS.has(key)))
}

/** The components `root` refers to, followed through the components' own references. */
function reachedComponents(full: Description, root: Json): Description['components'] {
  const components: Description['components'] = {}
  const pending: Json[] = [root]
  while (pending.length > 0) {
    const value = pending.pop() ?? null
    if (Array.isArray(value)) pending.push(...value)
    else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref' && typeof child === 'string') pending.push(...take(full, components, child))
        else pending.push(child)
      }
    }
  }
  return components
}

/** Copies the component `ref` names into `components`; answers it to be walked, unless it was already. */
function take(full: Description, components: Description['components'], ref: string): Json[] {
  const match = /^#\/components\/([^/]+)\/([^/]+)$/.exec(ref)
  const kind = match?.[1]
  const name = match?.[2]
  if (!kind || !name) throw new Error(`Unexpected reference ${ref}`)
  if (components[kind]?.[name] !== undefined) return []
  const value = full.components[kind]?.[name]
  if (value === undefined) throw new Error(`Missing component ${ref}`)
  components[kind] = { ...components[kind], [name]: value }
  return [value]
}

function main(): void {
  const dir = mkdtempSync(join(tmpdir(), 'octokit-openapi-'))
  try {
    execFileSync(
      'npm',
      ['install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', `@octokit/openapi@${OCTOKIT_OPENAPI_VERSION}`],
      {
        cwd: dir,
        stdio: 'inherit'
      }
    )
    const file = join(dir, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json')
    const cut = cutDescription(JSON.parse(readFileSync(file, 'utf8')) as Description, OPERATIONS)
    writeFileSync(CUT_PATH, `${JSON.stringify(cut, null, 1)}\n`)
    console.log(`Wrote ${CUT_PATH}: ${Object.keys(cut.paths).length} paths, ${OPERATIONS.length} operations`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

main()
