/**
 * `npm run local-action`: the action's TypeScript source run by @github/local-action (GitHub's local
 * runner for JavaScript actions, which stubs the toolkit) against the simulator, with no network.
 *
 * Starts the simulator, copies .env.example with the simulator's URL, key and project id filled in, runs
 * `local-action run . src/main.ts <that file>`, prints the outcome and stops the simulator. A sub-action's
 * name first (`npm run local-action -- docs-check`) runs that folder instead: `local-action run docs-check
 * ../src/entries/docs-check.ts`, with its action.yml, given only the inputs it declares. Other arguments go
 * to local-action (e.g. `npm run local-action -- --help`).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SIM_GITHUB_TOKEN, startSimulator, type Simulator } from '../simulator/index.js'
import { PROJECT_ROOT } from './run-action.js'
import { REPO_URL, seedHelloWorld } from '../__tests__/fixtures/webhook-payloads.js'
import { SUB_ACTION_NAMES, type SubActionName } from '../src/sub-action-names.js'
import { declaredInputs } from '../src/sub-actions.js'

const LOCAL_ACTION_BIN = join(PROJECT_ROOT, 'node_modules', '@github', 'local-action', 'bin', 'local-action.js')

/** What a sub-action needs beside .env.example's inputs to run against the simulator by itself. */
const SUB_ACTION_INPUTS: Partial<Record<SubActionName, Record<string, string>>> = {
  analytics: { INPUT_EXPORT: 'visitors' },
  preview: { INPUT_BRANCH: 'docs-rate-limits' },
  'static-export': { 'INPUT_EXPORT-BASE-PATH': '/docs' }
}

/**
 * .env.example with the simulator's values in place of the example ones, plus files in `dir`; for a
 * sub-action, only the inputs it declares (and what it needs besides).
 */
function envFile(sim: Simulator, dir: string, action: SubActionName | undefined): string {
  const values: Record<string, string> = {
    'INPUT_API-KEY': sim.apiKey,
    'INPUT_PROJECT-ID': sim.projectId,
    'INPUT_BASE-URL': sim.url,
    'INPUT_GITHUB-TOKEN': SIM_GITHUB_TOKEN,
    GITHUB_API_URL: `${sim.url}/api/v3`,
    GITHUB_GRAPHQL_URL: `${sim.url}/api/graphql`,
    GITHUB_WORKSPACE: join(dir, 'workspace'),
    GITHUB_STEP_SUMMARY: join(dir, 'summary.md'),
    RUNNER_TEMP: dir,
    ...(action ? SUB_ACTION_INPUTS[action] : {})
  }
  const declared = action ? new Set(declaredInputs(action).map((input) => `INPUT_${input.toUpperCase()}`)) : null
  const seen = new Set<string>()
  const lines = readFileSync(join(PROJECT_ROOT, '.env.example'), 'utf8')
    .split('\n')
    .map((line) => {
      const name = /^([\w.-]+)=/.exec(line)?.[1]
      if (name?.startsWith('INPUT_') && declared && !declared.has(name)) return `# ${line}`
      if (name === undefined || !(name in values)) return line
      seen.add(name)
      return `${name}=${values[name]}`
    })
  for (const [name, value] of Object.entries(values))
    if (!seen.has(name) && !(name.startsWith('INPUT_') && declared && !declared.has(name))) lines.push(`${name}=${value}`)
  const path = join(dir, '.env')
  writeFileSync(path, `${lines.join('\n')}\n`)
  return path
}

async function main(): Promise<void> {
  const action = SUB_ACTION_NAMES.find((name) => name === process.argv[2])
  const target = action ? [action, `../src/entries/${action}.ts`] : ['.', 'src/main.ts']
  const extra = process.argv.slice(action ? 3 : 2)
  const sim = await startSimulator({ repository: REPO_URL })
  seedHelloWorld(sim)
  const dir = mkdtempSync(join(tmpdir(), 'docs-agent-local-action-'))
  writeFileSync(join(dir, 'summary.md'), '')
  try {
    const env = envFile(sim, dir, action)
    console.log(`Simulator listening on ${sim.url}; running ${target.join('/')} with @github/local-action and ${env}.`)
    // local-action's own bin, without npx before it: npx takes a second or more to find it on every run.
    const child = spawn(process.execPath, [LOCAL_ACTION_BIN, 'run', ...target, env, ...extra], {
      cwd: PROJECT_ROOT,
      // local-action's @actions/github stub reads GITHUB_API_URL when it starts, before it loads the .env
      // file: without it here, Octokit would call api.github.com instead of the fake GitHub.
      env: { ...process.env, GITHUB_API_URL: `${sim.url}/api/v3` },
      stdio: ['ignore', 'pipe', 'inherit']
    })
    let log = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      log += chunk
      process.stdout.write(chunk)
    })
    const exitCode = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject)
      child.on('close', resolve)
    })
    if (log.includes(sim.apiKey)) throw new Error('The API key was printed: this is a bug.')
    // The last one: operations publish their outputs early (`started`) and again at the end.
    const outcome = [...log.matchAll(/::set-output name=outcome::(.*)/g)].at(-1)?.[1]
    const summary = readFileSync(join(dir, 'summary.md'), 'utf8').trim()
    if (summary) console.log(`\nJob summary:\n${summary}`)
    // local-action exits 0 even after core.setFailed (its stub only records the failure): the step's
    // failure shows as an ::error:: line.
    const failed = exitCode !== 0 || outcome === undefined || /^::error::/m.test(log)
    console.log(
      `\nlocal-action exited with ${exitCode}; outcome: ${outcome ?? '(none)'}${failed ? ' (the step failed)' : ''}; ${sim.mintlifyRequests().length} Mintlify and ${sim.githubRequests().length} GitHub requests.`
    )
    if (failed) process.exitCode = 1
  } finally {
    await sim.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
