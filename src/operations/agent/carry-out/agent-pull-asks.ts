import type { AgentJob } from '../../../mintlify/job.js'
import { labelAgentPull } from '../../agent-label.js'
import type { AfterWrite } from '../decide/writes.js'
import type { RunMeans } from '../means.js'
import { isAgentsPull } from './agent-pull-check.js'

/**
 * What a run asks on the agent's pull request it introduced, in that pull request's repository: its label
 * and its reviewers. Every GitHub failure here is one warning; the run goes on.
 */

/**
 * `agent-label` on the agent's pull request, in its repository, once it is known to be the job's own
 * (agent-pull-check.ts); a refusal is one warning (labelAgentPull).
 */
export async function labelOf(
  { pull, name }: Extract<AfterWrite, { kind: 'label' }>,
  job: AgentJob | null,
  means: RunMeans
): Promise<void> {
  if (!(await isAgentsPull(job, pull, means))) return
  const [owner = '', repo = ''] = pull.repository.split('/')
  const api = await means.github.apiIn({ owner, repo })
  if (api) await labelAgentPull(api, pull.number, name, means.log)
}

/**
 * Asks `reviewers` to review the agent's pull request, in its repository, once it is known to be the job's
 * own (agent-pull-check.ts): never the token's own identity
 * (a personal token's user who opened the code pull request cannot review the agent's).
 */
export async function requestReviews(
  { pull, people, teams }: Extract<AfterWrite, { kind: 'ask-reviewers' }>,
  job: AgentJob | null,
  means: RunMeans
): Promise<void> {
  const { github, log } = means
  if (!(await isAgentsPull(job, pull, means))) return
  const [owner = '', repo = ''] = pull.repository.split('/')
  const api = await github.apiIn({ owner, repo })
  const self = people.length > 0 ? ((await api?.tokenLogin().catch(() => '')) ?? '').toLowerCase() : ''
  const logins = people.filter((login) => login.toLowerCase() !== self)
  if (logins.length === 0 && teams.length === 0) return
  try {
    await api?.requestReviewers(pull.number, { users: logins, teams })
    log.info(`Asked ${[...logins.map((l) => `@${l}`), ...teams].join(', ')} to review ${pull.repository}#${pull.number}.`)
  } catch (error) {
    github.callFailed(error, `Nobody was asked to review ${pull.repository}#${pull.number}.`)
  }
}
