/**
 * The agent's pull request in Hello-World and the check events of the docs repository's fix-checks workflow
 * on it: what the fix-checks end-to-end files share.
 */
import type { ActionRun } from '../../../scripts/run-action.js'
import type { SimComment, Simulator, SimulatorOptions } from '../../../simulator/index.js'
import { checkSuitePayload, REPO, workflowDispatchPayload } from '../../fixtures/webhook-payloads.js'
import { ownComments, runOn, startHelloWorld } from './helpers.js'

/** The agent's pull request: #101, opened by job_0001 of a manual run, which introduced it with the signed job marker. */
export const AGENT_PULL = 101
/** The heads the agent pushes to it, one after the other. */
export const HEAD_1 = 'a1'.repeat(20)
export const HEAD_2 = 'b2'.repeat(20)
export const HEAD_3 = 'c3'.repeat(20)

export const LINK_ROT = 'Mintlify Validation (acme) - link-rot'
export const SPELLING = 'Mintlify Validation (acme) - vale-spellcheck'

/** A simulator with the agent's pull request #101 at HEAD_1. */
export async function startWithAgentPull(options: SimulatorOptions = {}): Promise<Simulator> {
  const sim = await startHelloWorld(options)
  await runOn(sim, 'workflow_dispatch', workflowDispatchPayload())
  sim.github.pushToPull(REPO, AGENT_PULL, HEAD_1)
  return sim
}

/** Mintlify's link-rot check failing on `sha` with `links` broken links. */
export function linkRotFails(sim: Simulator, sha: string, links = 1, options: { completesAfterSeconds?: number } = {}): number {
  return sim.github.addCheckRun(REPO, {
    sha,
    name: LINK_ROT,
    conclusion: 'failure',
    title: `${links} broken link${links === 1 ? '' : 's'}`,
    summary: 'Broken links were found in the pages of this pull request.',
    annotations: Array.from({ length: links }, (_, i) => ({
      path: 'guides/rate-limits.mdx',
      startLine: 10 + i,
      message: `Broken link: /api/limits-${i}`
    })),
    ...options
  })
}

/** A check event of the docs repository's workflow on the agent's pull request. */
export function wake(sim: Simulator, eventName: string, payload: unknown, inputs: Record<string, string> = {}): Promise<ActionRun> {
  return runOn(sim, eventName, payload, { inputs: { prompt: '', ...inputs }, env: { GITHUB_WORKFLOW: 'Fix checks', GITHUB_JOB: 'fix' } })
}

/** Mintlify's suite completed on `sha`, naming the agent's pull request. */
export function suiteCompleted(sim: Simulator, sha: string, inputs: Record<string, string> = {}): Promise<ActionRun> {
  return wake(sim, 'check_suite', checkSuitePayload({ sha, pulls: [{ number: AGENT_PULL }] }), inputs)
}

/** The follow-up messages job_0001 got. */
export function messages(sim: Simulator): string[] {
  return sim.jobs.get('job_0001')?.messages ?? []
}

/** The fix-checks sticky comments on the agent's pull request, oldest first. */
export function stickies(sim: Simulator): SimComment[] {
  return ownComments(sim, AGENT_PULL).filter((comment) => comment.body.includes('<!-- docs-agent-action:status Fix_checks_fix -->'))
}
