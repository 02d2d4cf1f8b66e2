/**
 * The mocks of the contract tests: one Prism server per official description (prism-servers.js, one child
 * process) behind the front (front.ts). Mintlify's documents are read in place from ../shared, never copied
 * into the project; GitHub's is the committed cut (scripts/cut-github-openapi.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../scripts/run-action.js'
import { type Simulator, startSimulator } from '../../simulator/index.js'
import { Front, type MockedDocument } from './front.js'

export const MINTLIFY_DIR = join(PROJECT_ROOT, '..', 'shared', 'reference', 'mintlify-api')
export const GITHUB_CUT = join(PROJECT_ROOT, '__tests__', 'contracts', 'github-openapi.json')

/**
 * Each Mintlify document the action calls, one row each: its file in MINTLIFY_DIR and the server path its
 * paths sit under (which Prism does not serve). The static export's (`static-export-openapi.json`, '/v1')
 * and search's (`discovery-openapi.json`, '/discovery') join here as their operations land.
 */
export const MINTLIFY_DOCUMENTS: { name: string; file: string; serverPath: string }[] = [
  { name: 'admin', file: 'admin-openapi.json', serverPath: '' },
  { name: 'analytics', file: 'analytics.openapi.json', serverPath: '' },
  { name: 'external', file: 'openapi.json', serverPath: '/v1' },
  { name: 'static-export', file: 'static-export-openapi.json', serverPath: '/v1' },
  { name: 'discovery', file: 'discovery-openapi.json', serverPath: '/discovery' }
]

/**
 * Whether this clone has Mintlify's documents (../shared, which a user's clone has not): without them, the
 * event rows' Mintlify requests go to the simulator's Mintlify, and the operation rows are left out.
 */
export const HAS_MINTLIFY = MINTLIFY_DOCUMENTS.every((d) => existsSync(join(MINTLIFY_DIR, d.file)))

/** What a skipped test's name says when HAS_MINTLIFY is false. */
export const WITHOUT_MINTLIFY = 'the official Mintlify documents are not beside this checkout'

/** The key and project every contract run is given: the simulator, where it stands in for Prism, takes them. */
export const CONTRACT_KEY = 'mint_contract_key_0123456789'
export const CONTRACT_PROJECT = 'proj_contract'

/** How long Prism may take to read the documents and listen: far more than it needs on a loaded machine. */
const START_BOUND_MS = 60_000

export interface Mocks {
  front: Front
  stop: () => Promise<void>
}

/** Starts Prism on every document at hand and the front before them. */
export async function startMocks(): Promise<Mocks> {
  const documents: Record<string, string> = { github: GITHUB_CUT }
  if (HAS_MINTLIFY) for (const d of MINTLIFY_DOCUMENTS) documents[d.name] = join(MINTLIFY_DIR, d.file)
  const child = spawn(process.execPath, [join(PROJECT_ROOT, '__tests__', 'contracts', 'prism-servers.js'), JSON.stringify(documents)], {
    stdio: ['pipe', 'pipe', 'pipe']
  })
  const urls = await listening(child)
  let simulator: Simulator | undefined
  if (!HAS_MINTLIFY) simulator = await startSimulator({ apiKey: CONTRACT_KEY, projectId: CONTRACT_PROJECT })
  const mintlify = simulator
    ? { simulatorUrl: simulator.url }
    : MINTLIFY_DOCUMENTS.map((d) => described(d.name, join(MINTLIFY_DIR, d.file), d.serverPath, urls))
  const front = new Front(mintlify, described('github', GITHUB_CUT, '', urls))
  await front.start()
  const stop = async (): Promise<void> => {
    await front.stop()
    await simulator?.close()
    await stopChild(child)
  }
  return { front, stop }
}

/**
 * Prism as a validating proxy before `upstream` (the simulator's GitHub, say): every request goes on to it,
 * and Prism checks the request and the answer against `document`, saying what is wrong in the answer's
 * `sl-violations` header. Its URL and how to stop it.
 */
export async function startValidatingProxy(document: string, upstream: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    [join(PROJECT_ROOT, '__tests__', 'contracts', 'prism-servers.js'), JSON.stringify({ proxy: { document, upstream } })],
    { stdio: ['pipe', 'pipe', 'pipe'] }
  )
  const urls = await listening(child)
  const url = urls.proxy
  if (!url) throw new Error('Prism did not start the validating proxy')
  return { url, stop: () => stopChild(child) }
}

function described(name: string, file: string, serverPath: string, urls: Record<string, string>): MockedDocument {
  const document = JSON.parse(readFileSync(file, 'utf8')) as { paths: Record<string, Record<string, unknown>> }
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => /^(get|put|post|patch|delete)$/.test(method))
      .map((method) => `${method} ${path}`)
  )
  const url = urls[name]
  if (!url) throw new Error(`Prism did not start a server for ${name}`)
  return { name, serverPath, operations, url }
}

/** Prism's one line of URLs, or its error within START_BOUND_MS. */
function listening(child: ChildProcess): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    let out = ''
    let err = ''
    const timer = setTimeout(() => fail(`Prism did not listen within ${START_BOUND_MS} ms`), START_BOUND_MS)
    const fail = (why: string): void => {
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(new Error(`${why}: ${err.slice(-2000)}`))
    }
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
      if (!out.includes('\n')) return
      clearTimeout(timer)
      resolve(JSON.parse(out.split('\n')[0] ?? '{}') as Record<string, string>)
    })
    child.on('exit', (code) => fail(`Prism ended with ${String(code)}`))
  })
}

/** Closes the child's stdin (it ends itself), and kills it after a bound. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    child.on('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.stdin?.end()
  })
}
