/**
 * Running the action in Codertocat/Hello-World, and reading back what it did to the fake GitHub and the
 * Mintlify API as short `METHOD path` lines.
 */
import { expect } from '@jest/globals'
import type { ActionRun } from '../../../scripts/run-action.js'
import {
  type RecordedRequest,
  SIM_GITHUB_TOKEN,
  type SimComment,
  type Simulator,
  type SimulatorOptions,
  startSimulator
} from '../../../simulator/index.js'
import { runAgainst, type SimRunOptions } from '../harness.js'
import { REPO, REPO_URL, seedHelloWorld } from '../../fixtures/webhook-payloads.js'

/** A simulator whose jobs (and the agent's pull requests) belong to Hello-World, seeded as the payloads expect. */
export async function startHelloWorld(options: SimulatorOptions = {}): Promise<Simulator> {
  const sim = await startSimulator({ repository: REPO_URL, ...options })
  seedHelloWorld(sim)
  return sim
}

/** One workflow run in Hello-World, triggered by `eventName` with `payload`. */
export function runOn(
  sim: Simulator,
  eventName: string,
  payload: unknown,
  options: Omit<SimRunOptions, 'eventName' | 'event' | 'repository'> = {}
): Promise<ActionRun> {
  return runAgainst(sim, { ...options, eventName, event: payload, repository: REPO })
}

/** Where the request lists stand now, so a later run's requests can be told apart. */
export interface Mark {
  github: number
  mintlify: number
}

/** Before the first request. */
const START: Mark = { github: 0, mintlify: 0 }

export function mark(sim: Simulator): Mark {
  return { github: sim.githubRequests().length, mintlify: sim.mintlifyRequests().length }
}

/** GitHub requests as `METHOD path`, the repository prefix cut: `GET /issues/2/comments`, `POST /api/graphql`. */
export function githubCalls(sim: Simulator, since: Mark = START): string[] {
  return sim
    .githubRequests()
    .slice(since.github)
    .map((r) => `${r.method} ${r.path.replace(`/api/v3/repos/${REPO}`, '')}`)
}

/** Mintlify requests as `METHOD path`, the project prefix cut: `POST /job`, `GET /job/job_0001`. */
export function mintlifyCalls(sim: Simulator, since: Mark = START): string[] {
  return sim
    .mintlifyRequests()
    .slice(since.mintlify)
    .map((r) => `${r.method} ${r.path.replace(`/v2/agent/${sim.projectId}`, '')}`)
}

/** The GitHub requests themselves (with bodies) that match `METHOD path`, e.g. `POST /issues/2/comments`. */
export function githubRequestsTo(sim: Simulator, call: string, since: Mark = START): RecordedRequest[] {
  const calls = githubCalls(sim, since)
  return sim
    .githubRequests()
    .slice(since.github)
    .filter((_, i) => calls[i] === call)
}

export function bodyOf(request: RecordedRequest): Record<string, unknown> {
  return JSON.parse(request.body) as Record<string, unknown>
}

/** The prompt a create or message request sent. */
export function promptOf(request: RecordedRequest): string {
  return String(bodyOf(request).prompt)
}

/**
 * Compares request lines in order, except that an inner array is a group whose members may arrive in
 * any order (requests the action sends in parallel, such as its identity and a comment list).
 */
export function expectCalls(actual: string[], expected: (string | string[])[]): void {
  const normalised: (string | string[] | undefined)[] = []
  let i = 0
  for (const step of expected) {
    if (Array.isArray(step)) {
      normalised.push(actual.slice(i, i + step.length).sort())
      i += step.length
    } else {
      normalised.push(actual[i++])
    }
  }
  // Extra requests show up as a difference too.
  normalised.push(...actual.slice(i))
  expect(normalised).toEqual(expected.map((step) => (Array.isArray(step) ? [...step].sort() : step)))
}

/** The comments of an issue or pull request written by the token's identity: the action's own. */
export function ownComments(sim: Simulator, issue: number, repo = REPO): SimComment[] {
  return sim.github.comments(repo, issue).filter((comment) => comment.user.login === sim.github.identity)
}

/** Markdown as a reader sees the words: links read as their labels, backslash escapes removed (`job\_0001` reads `job_0001`). */
export function plainText(markdown: string): string {
  return markdown.replace(/\[((?:\\.|[^\]\\])+)\]\([^)\s]+\)/g, '$1').replace(/\\([\\`*_[\]|~#+\-=.)(])/g, '$1')
}

export { outsideCodeBlocks } from '../../fixtures/markdown.js'

/**
 * Edits comment `comment` (of the token's identity) through the fake GitHub's REST API, as anyone holding
 * the workflow's token, or a maintainer on GitHub, can: the body is replaced by `edit` of it.
 */
export async function editComment(sim: Simulator, comment: SimComment, edit: (body: string) => string, repo = REPO): Promise<void> {
  const response = await fetch(`${sim.url}/api/v3/repos/${repo}/issues/comments/${comment.id}`, {
    method: 'PATCH',
    headers: { authorization: `token ${SIM_GITHUB_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ body: edit(comment.body) })
  })
  expect(response.status).toBe(200)
}
