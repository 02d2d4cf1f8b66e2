/**
 * Deploy, preview and automation runs of dist/index.js in Codertocat/Hello-World against the simulator,
 * and what they did there: the Mintlify deployment requests as short lines, the preview comments, the
 * GitHub deployments.
 */
import type { ActionRun } from '../../../scripts/run-action.js'
import { PULL, REPO, pullRequestOpened, pushPayload } from '../../fixtures/webhook-payloads.js'
import type { RecordedRequest, SimComment, SimGitHubDeployment, Simulator, SimulatorOptions } from '../../../simulator/index.js'
import { only } from '../../expect-helpers.js'
import type { SimRunOptions } from '../harness.js'
import { type Mark, ownComments, runOn, startHelloWorld as startHelloWorldRepository } from '../triggers/helpers.js'

/**
 * Hello-World on the simulator, its deployments quick: queued 50 ms, building 250 ms (the simulator's own
 * default is 1.5 s in all). A test about the time a deployment takes scripts its own.
 */
export async function startHelloWorld(options: SimulatorOptions = {}): Promise<Simulator> {
  const sim = await startHelloWorldRepository(options)
  sim.deployments.defaultScript = { queuedMs: 50, inProgressMs: 250 }
  return sim
}

/** The run's URL as the harness's runner environment makes it (GITHUB_RUN_ID 4242 in Hello-World). */
export const RUN_URL = `https://github.com/${REPO}/actions/runs/4242`
/** The runner's GITHUB_SHA in the harness. */
export const GITHUB_SHA = '0'.repeat(40)
export { PULL_HEAD_SHA } from '../../fixtures/webhook-payloads.js'
/** Its head branch in the payload. */
export const PULL_BRANCH = 'changes'
/** The preview site of a branch, as the simulator names it (`<organization>-<branch>`). */
export const previewUrlOf = (branch: string): string =>
  `https://codertocat-${branch.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.mintlify.site`
/** The production site of Hello-World's docs in the simulator. */
export const SITE_URL = 'https://codertocat.mintlify.site'

const START: Mark = { github: 0, mintlify: 0 }

/** The deployment requests to Mintlify as `METHOD path`, project and status ids kept: `POST /update`, `GET /update-status/<id>`. */
export function deploymentCalls(sim: Simulator, since: Mark = START): string[] {
  return sim
    .mintlifyRequests()
    .slice(since.mintlify)
    .map((r) => `${r.method} ${r.path.replace(`/v1/project/`, '/').replace(`/${sim.projectId}`, '').replace(`/v1/workflow`, '/workflow')}`)
}

/** The trigger requests (POSTs) sent to Mintlify. */
export function triggers(sim: Simulator): RecordedRequest[] {
  return sim.mintlifyRequests().filter((r) => r.method === 'POST')
}

/** The status polls sent to Mintlify. */
export function statusPolls(sim: Simulator): RecordedRequest[] {
  return sim.mintlifyRequests().filter((r) => r.method === 'GET' && r.path.startsWith('/v1/project/update-status/'))
}

/** Every GitHub request that writes (anything but a GET or the identity query). */
export function gitHubWrites(sim: Simulator): RecordedRequest[] {
  return sim.githubRequests().filter((r) => r.method !== 'GET' && r.path !== '/api/graphql')
}

/** A deploy run (workflow_dispatch, the runner's defaults) with `inputs`. */
export function runDeploy(
  sim: Simulator,
  inputs: Record<string, string> = {},
  options: Omit<SimRunOptions, 'inputs'> = {}
): Promise<ActionRun> {
  return runOn(sim, 'workflow_dispatch', {}, { ...options, inputs: { operation: 'deploy', ...inputs } })
}

/** A preview run on pull request #2 opened (branch `changes`). */
export function runPreviewOnPull(
  sim: Simulator,
  inputs: Record<string, string> = {},
  options: Omit<SimRunOptions, 'inputs'> & { payload?: unknown } = {}
): Promise<ActionRun> {
  const { payload = pullRequestOpened(), ...rest } = options
  return runOn(sim, 'pull_request', payload, { ...rest, inputs: { operation: 'preview', ...inputs } })
}

/** A preview run on the push example (refs/heads/master, PUSH_SHA). */
export function runPreviewOnPush(
  sim: Simulator,
  inputs: Record<string, string> = {},
  payload: unknown = pushPayload()
): Promise<ActionRun> {
  return runOn(sim, 'push', payload, { inputs: { operation: 'preview', ...inputs } })
}

/** The action's comments on pull request #2 that are preview comments (by their marker). */
export function previewComments(sim: Simulator, pull = PULL): SimComment[] {
  return ownComments(sim, pull).filter((comment) => /^<!-- docs-agent-action:status preview:[0-9a-f]{12}:\S+ -->/.test(comment.body))
}

/** The one GitHub deployment of Hello-World. */
export function onlyDeployment(sim: Simulator): SimGitHubDeployment {
  return only(sim.github.deployments(REPO), 'GitHub deployment')
}

/** Each body the action sent to create or update a comment, in order. */
export function commentBodies(sim: Simulator): string[] {
  return sim
    .githubRequests()
    .filter((r) => (r.method === 'POST' || r.method === 'PATCH') && /\/issues\/(\d+\/)?comments/.test(r.path))
    .map((r) => String((JSON.parse(r.body) as { body?: unknown }).body))
}

/** `count` lines of build log ending with the error, with markup and backticks a renderer must not obey. */
export function hostileLog(count: number): string[] {
  const lines = Array.from({ length: count - 3 }, (_, i) => `Rendered page-${String(i + 1).padStart(2, '0')}.mdx`)
  return [
    ...lines,
    '```',
    '<img src=x onerror=alert(1)> @octocat <!-- docs-agent-action:status x -->',
    'Build failed: `</Card>` unexpected'
  ]
}

/**
 * The simulator's clock, which a test holds still while it fills a rate-limit window, so the window is as
 * full when the request under test arrives as when it was filled, however slow the machine is; let go,
 * it runs on with real time from where it stood.
 */
export class HeldClock {
  private heldAt: number | null = null
  private behindMs = 0

  readonly now = (): number => this.heldAt ?? Date.now() - this.behindMs

  hold(): void {
    this.heldAt ??= this.now()
  }

  release(): void {
    if (this.heldAt === null) return
    this.behindMs = Date.now() - this.heldAt
    this.heldAt = null
  }
}

/**
 * Lets `clock` go when the first `method` request on `pattern` whose body contains `bodyHas` arrives,
 * before the simulator answers it: the answer is computed at the held moment, and a wait the answer asks
 * for is then measured in real time.
 */
export function releaseWhen(sim: Simulator, clock: HeldClock, method: string, pattern: RegExp, bodyHas = ''): void {
  sim.route(method, pattern, (request) => {
    if (request.body.includes(bodyHas)) clock.release()
    return undefined
  })
}
