// Stoplight Prism mock servers, one per OpenAPI document, in one process: prism-cli's own `mock` command
// starts one process per document, and each spends seconds loading the same modules. Every server validates
// each request against its document and generates answers dynamically; the seed comes with each request
// (the front's `Prefer: dynamic=true, seed=…`).
//
// Usage: node prism-servers.js '<JSON: { name: documentPath }>'. Prints one JSON line, { name: url }, once
// every server listens; ends when its stdin closes (the test process ended, however it ended).
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
  Object.entries(documents).map(async ([name, document]) => {
    const operations = await getHttpOperationsFromSpec(document)
    const server = createServer(operations, { cors: false, config, components: { logger } })
    return [name, await server.listen(0, '127.0.0.1'), server]
  })
)
process.stdout.write(`${JSON.stringify(Object.fromEntries(servers.map(([name, url]) => [name, url])))}\n`)
process.stdin.resume()
process.stdin.on('end', () => process.exit(0))
