/**
 * `npm run simulator`: the simulator as a standalone server, for runs of the real action that this
 * process does not start itself: the `uses: ./` job in CI and `npm run local-action`.
 *
 *   npm run simulator -- [--port 4010] [--vars-file simulator.env]
 *
 * (or SIMULATOR_PORT and SIMULATOR_VARS_FILE). Every agent job it is sent completes with a pull request
 * (the simulator's default script), every deploy and preview succeeds 1.5 s after its trigger, one
 * automation (SIMULATOR_AUTOMATION_ID) can be triggered, the fake GitHub holds the Hello-World issue and
 * pull request of the webhook examples (and takes deployments and their statuses), and analytics have
 * their default data. The vars file receives `NAME=value` lines (the URL, the API key and project id it
 * accepts, the automation's id, and the fake GitHub's URL and token), written in one rename so that a
 * reader polling for it never sees half a file; in CI, append it to $GITHUB_ENV.
 * Runs until SIGINT or SIGTERM.
 */
import { renameSync, writeFileSync } from 'node:fs'
import { createServer, connect, type Socket } from 'node:net'
import { parseArgs } from 'node:util'
import { SIM_GITHUB_TOKEN, startSimulator } from '../simulator/index.js'
import { REPO_URL, seedHelloWorld } from '../__tests__/fixtures/webhook-payloads.js'

interface ServeOptions {
  /** 0: the simulator's own ephemeral port, without a forwarder. */
  port: number
  varsFile: string
}

function readOptions(): ServeOptions {
  const { values } = parseArgs({ options: { port: { type: 'string' }, 'vars-file': { type: 'string' } } })
  const port = values.port ?? process.env.SIMULATOR_PORT ?? '0'
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) throw new Error(`--port must be a TCP port (0-65535), not "${port}".`)
  return { port: Number(port), varsFile: values['vars-file'] ?? process.env.SIMULATOR_VARS_FILE ?? '' }
}

/**
 * The simulator always listens on an ephemeral port, but a workflow has to name the URL before the
 * run starts: a plain TCP forwarder on the fixed loopback port gives it one.
 */
function forward(port: number, target: number): Promise<{ close(): void }> {
  const sockets = new Set<Socket>()
  const server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1')
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => {
        client.destroy()
        upstream.destroy()
      })
    }
    client.pipe(upstream).pipe(client)
  })
  const close = (): void => {
    server.close()
    sockets.forEach((socket) => socket.destroy())
  }
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve({ close }))
  })
}

async function main(): Promise<void> {
  const options = readOptions()
  const sim = await startSimulator({ repository: REPO_URL })
  seedHelloWorld(sim)
  const automation = sim.deployments.addAutomation({ name: 'Sync the changelog' })
  // One line per request, so a CI log shows what the action asked for (paths only: no headers, no key).
  sim.route('*', /.*/, (request) => {
    console.log(`${request.method} ${request.path}`)
    return undefined
  })
  const forwarder = options.port ? await forward(options.port, Number(new URL(sim.url).port)) : null
  const url = forwarder ? `http://127.0.0.1:${options.port}` : sim.url

  const variables = {
    SIMULATOR_URL: url,
    SIMULATOR_API_KEY: sim.apiKey,
    SIMULATOR_PROJECT_ID: sim.projectId,
    SIMULATOR_AUTOMATION_ID: automation.id,
    SIMULATOR_GITHUB_API_URL: `${url}/api/v3`,
    SIMULATOR_GITHUB_TOKEN: SIM_GITHUB_TOKEN
  }
  if (options.varsFile) {
    const lines = Object.entries(variables).map(([name, value]) => `${name}=${value}\n`)
    writeFileSync(`${options.varsFile}.tmp`, lines.join(''))
    renameSync(`${options.varsFile}.tmp`, options.varsFile)
  }
  console.log(`Simulator listening on ${url}: the Mintlify API, and GitHub's REST API under /api/v3.`)
  console.log('  Agent jobs:   POST /v2/agent/{projectId}/job, GET …/job/{id}, POST …/job/{id}/message')
  console.log('  Analytics:    GET /v1/analytics/{projectId}/visitors, views, feedback, searches, assistant, …')
  console.log('  Deployments:  POST /v1/project/update/{projectId}, POST /v1/project/preview/{projectId},')
  console.log('                GET /v1/project/update-status/{statusId}, POST /v1/workflow/{projectId}/{automationId}/trigger,')
  console.log('                POST /v2/workflow/{projectId}/{automationId}/webhook')
  console.log('  GitHub:       comments, reactions, labels, permissions, pulls, deployments and their statuses')
  console.log(`API key ${sim.apiKey} (a simulator key, not a secret), project id ${sim.projectId}, automation ${automation.id}.`)
  if (options.varsFile) console.log(`Wrote ${Object.keys(variables).join(', ')} to ${options.varsFile}.`)

  const stop = (): void => {
    forwarder?.close()
    sim.close().then(
      () => console.log(`Simulator stopped after ${sim.requests.length} requests.`),
      (error: unknown) => console.error(error)
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
