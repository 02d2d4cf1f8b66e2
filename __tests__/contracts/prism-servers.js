// Stoplight Prism mock servers, one per OpenAPI document, in one process: prism-cli's own `mock` command
// starts one process per document, and each spends seconds loading the same modules. Every server validates
// each request against its document and generates answers dynamically; the seed comes with each request
// (the front's `Prefer: dynamic=true, seed=…`).
//
// Usage: node prism-servers.js '<JSON: { name: documentPath }>'. Prints one JSON line, { name: url }, once
// every server listens; ends when its stdin closes (the test process ended, however it ended).
// A document given as { document, upstream } is served as a validating proxy instead: each request goes on
// to `upstream` (the simulator), and Prism checks the request and the answer against the document, saying
// what it found wrong in the answer's `sl-violations` header (the answer itself passes unchanged).
import { createRequire } from 'node:module'

const cli = createRequire(createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json'))
const { createLogger } = cli('@stoplight/prism-core')
const { getHttpOperationsFromSpec } = cli('@stoplight/prism-http')
const { createServer } = cli('@stoplight/prism-http-server')

const documents = JSON.parse(process.argv[2] ?? '{}')
const logger = createLogger('contracts', { level: 'silent' })
const config = {
  validateRequest: true,
  validateResponse: true,
  checkSecurity: true,
  errors: false,
  upstreamProxy: undefined,
  isProxy: false,
  mock: { dynamic: true, ignoreExamples: false }
}

const servers = await Promise.all(
  Object.entries(documents).map(async ([name, entry]) => {
    const proxy = typeof entry === 'object' && entry !== null
    const operations = await getHttpOperationsFromSpec(proxy ? entry.document : entry)
    const own = proxy ? { ...config, isProxy: true, upstream: new URL(entry.upstream) } : config
    const server = createServer(operations, { cors: false, config: own, components: { logger } })
    return [name, await server.listen(0, '127.0.0.1'), server]
  })
)
process.stdout.write(`${JSON.stringify(Object.fromEntries(servers.map(([name, url]) => [name, url])))}\n`)
process.stdin.resume()
process.stdin.on('end', () => process.exit(0))
