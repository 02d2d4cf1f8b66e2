/**
 * `npm run demo`: the action end to end on this machine. Starts the simulator (fake Mintlify API and fake
 * GitHub REST API on 127.0.0.1), then runs dist/index.js exactly as the runner would, and prints what a
 * user would see: the log, the step outputs, the job summary.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { startSimulator, type Simulator } from '../simulator/index.js'
import { ACTION_ENTRY, type ActionRun, PROJECT_ROOT, runAction, type RunOptions } from './run-action.js'

const bold = (text: string): string => (process.stdout.isTTY ? `\x1b[1m${text}\x1b[0m` : text)

function buildIfNeeded(): void {
  const newestSource = newestMtime(join(PROJECT_ROOT, 'src'))
  if (existsSync(ACTION_ENTRY) && statSync(ACTION_ENTRY).mtimeMs >= newestSource) return
  console.log('dist/ is missing or older than src/: building it first (npm run build).')
  const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: PROJECT_ROOT, stdio: 'inherit' })
  if (build.status !== 0) throw new Error('npm run build failed')
}

function newestMtime(dir: string): number {
  return Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true }).map((entry) => {
      const path = join(dir, entry.name)
      return entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs
    })
  )
}

async function step(sim: Simulator, title: string, options: Omit<RunOptions, 'inputs'> & { inputs: Record<string, string> }): Promise<ActionRun> {
  console.log(`\n${bold(`━━ ${title} ━━`)}`)
  const run = await runAction({
    githubApiUrl: `${sim.url}/api/v3`,
    ...options,
    inputs: { 'api-key': sim.apiKey, 'project-id': sim.projectId, 'base-url': sim.url, 'poll-interval': '500ms', ...options.inputs }
  })
  console.log(bold('log:'))
  console.log(indent(run.log.trimEnd()))
  if (run.stderr.trim()) console.log(indent(run.stderr.trimEnd()))
  console.log(bold(`exit code: ${run.exitCode}, ${run.durationMs} ms`))
  console.log(bold('outputs:'))
  for (const [name, value] of Object.entries(run.outputs)) console.log(indent(`${name} = ${name === 'job' ? value.slice(0, 160) + (value.length > 160 ? '…' : '') : value}`))
  console.log(bold('job summary:'))
  console.log(indent(run.summary.trimEnd()))
  if (run.log.includes(sim.apiKey) || run.summary.includes(sim.apiKey) || JSON.stringify(run.outputs).includes(sim.apiKey)) {
    throw new Error('The API key was printed: this is a bug.')
  }
  return run
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n')
}

async function main(): Promise<void> {
  buildIfNeeded()
  const sim = await startSimulator()
  console.log(`Simulator listening on ${sim.url} (Mintlify API, GitHub REST API under /api/v3).`)
  try {
    sim.scriptNextJob({ outcome: 'pr', afterPolls: 3 })
    const push = await step(sim, 'push to docs: create an agent job and wait for its pull request', {
      eventName: 'push',
      inputs: { prompt: 'Document the new `rateLimit` option of the SDK in the API reference.' }
    })

    sim.scriptNextMessage({ outcome: 'pr', afterPolls: 2 })
    await step(sim, 'follow-up: send a message to the same job', {
      eventName: 'workflow_dispatch',
      inputs: { operation: 'message', 'job-id': push.outputs['job-id'], prompt: 'Also add an example with a custom limit.' }
    })

    sim.scriptNextJob({ outcome: 'failed', afterPolls: 1, extra: { error: 'The repository is not connected to the Mintlify GitHub app' } })
    await step(sim, 'a failing job: the step fails with the reason', {
      eventName: 'workflow_dispatch',
      inputs: { prompt: 'Refresh the quickstart.' }
    })

    console.log(`\n${bold('Requests the simulator received:')}`)
    for (const request of sim.requests) console.log(indent(`${request.method} ${request.path}`))
  } finally {
    await sim.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
