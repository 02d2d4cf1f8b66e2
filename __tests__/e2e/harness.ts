import { expect } from '@jest/globals'
import { type ActionRun, actionDefaults, runAction, type RunOptions } from '../../scripts/run-action.js'
import { type RecordedRequest, type Simulator } from '../../simulator/index.js'

export interface SimRunOptions extends Omit<RunOptions, 'inputs'> {
  inputs?: Record<string, string>
}

/** The inputs of a run against the simulator, unless a test says otherwise: its key, project and URL, a prompt, fast polling. */
export function simulatorInputs(sim: Simulator): Record<string, string> {
  return {
    'api-key': sim.apiKey,
    'project-id': sim.projectId,
    'base-url': sim.url,
    prompt: 'Document the new rate limits',
    'poll-interval': '100ms',
    timeout: '20s'
  }
}

/**
 * Runs dist/index.js (or a sub-action's entry) against the simulator with fast polling, then checks what every run must hold:
 * the API key appears in no log line, error, output, summary or comment.
 */
export async function runAgainst(sim: Simulator, options: SimRunOptions = {}): Promise<ActionRun> {
  // A sub-action gets only those it declares: any other would be an input it ignores, with a warning.
  const declared = actionDefaults(options.action)
  const ownInputs = Object.entries(simulatorInputs(sim)).filter(([name]) => name in declared)
  const run = await runAction({
    ...options,
    githubApiUrl: options.githubApiUrl ?? `${sim.url}/api/v3`,
    inputs: { ...Object.fromEntries(ownInputs), ...options.inputs }
  })
  // The key this run was given (the simulator's unless a test passes another); an empty one hides nothing.
  const key = (options.inputs?.['api-key'] ?? sim.apiKey).trim()
  if (key) {
    expectNoSecret(run, key)
    // Nor in anything sent to GitHub: comments, replies, reactions.
    if (sim.githubRequests().some((request) => showsSecret(request.body, key))) throw new Error('The API key was sent to GitHub')
  }
  return run
}

export function expectNoSecret(run: ActionRun, secret: string): void {
  const places = { log: run.log, stderr: run.stderr, outputs: JSON.stringify(run.outputs), summary: run.summary }
  for (const [place, text] of Object.entries(places)) {
    if (showsSecret(text, secret)) throw new Error(`The API key appears in the ${place}`)
  }
}

/**
 * Whether text holds the secret in a form a reader could recover: decoded again and again from JSON
 * `\uXXXX` escapes, percent-encoding, HTML character references and backslash escapes.
 */
export function showsSecret(text: string, secret: string): boolean {
  let decoded = text
  for (let round = 0; round < 4; round++) {
    if (decoded.includes(secret)) return true
    decoded = decoded
      .replace(/\\+u([0-9a-f]{4})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
      .replace(/&#(\d+);?/g, (_, digits: string) => String.fromCodePoint(Number(digits)))
      .replace(/\\(.)/g, '$1')
  }
  return decoded.includes(secret)
}

/** The annotations the runner would show: `::error::…`, `::warning::…`, `::notice::…`. */
export function annotations(run: ActionRun, level: 'error' | 'warning' | 'notice'): string[] {
  return run.log
    .split('\n')
    .filter((line) => line.startsWith(`::${level}::`) || line.startsWith(`::${level} `))
    .map((line) =>
      line
        .replace(/^::[^:]+::/, '')
        .replace(/%0A/g, '\n')
        .replace(/%25/g, '%')
    )
}

export function creates(sim: Simulator): RecordedRequest[] {
  return sim.mintlifyRequests().filter((r) => r.method === 'POST' && r.path.endsWith('/job'))
}

export function polls(sim: Simulator): RecordedRequest[] {
  return sim.mintlifyRequests().filter((r) => r.method === 'GET')
}

/** The output `name` of a run; throws when the action did not set it. */
export function output(run: ActionRun, name: string): string {
  const value = run.outputs[name]
  if (value === undefined) throw new Error(`The run set no output '${name}'`)
  return value
}

export function expectFailedWith(run: ActionRun, outcome: string, reason: RegExp): void {
  expect(run.exitCode).toBe(1)
  expect(run.outputs.outcome).toBe(outcome)
  expect(run.outputs['failure-reason']).toMatch(reason)
  expect(annotations(run, 'error')).toEqual([run.outputs['failure-reason']])
}
