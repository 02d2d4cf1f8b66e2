import type { AgentJob, PullLink } from '../../../mintlify/job.js'
import { judgeAgentPull, judgeLink } from '../../../trust/agent-pull.js'
import type { RunMeans } from '../means.js'

/**
 * The one check before the agent's pull request is introduced or labelled (trust/agent-pull.ts: in the
 * job's repository, its head branch there, opened at or after the job). It costs one GET of the pull
 * request, asked once per run however many writes need the answer. Whatever it cannot tell (a job record
 * that does not say where or when, a pull request that cannot be read) is one warning, and no.
 */

/** This run's answers, by its means and the job and pull request asked about. */
const answers = new WeakMap<RunMeans, Map<string, Promise<boolean>>>()

/** Whether `link`, the pull request job `job` links, is the agent's: introduced and labelled only then. */
export function isAgentsPull(job: AgentJob | null, link: PullLink, means: RunMeans): Promise<boolean> {
  const known = answers.get(means) ?? new Map<string, Promise<boolean>>()
  answers.set(means, known)
  const key = `${job?.id ?? ''} ${link.repository.toLowerCase()}#${link.number}`
  const answer = known.get(key) ?? judge(job, link, means)
  known.set(key, answer)
  return answer
}

async function judge(job: AgentJob | null, link: PullLink, { run, github, log }: RunMeans): Promise<boolean> {
  if (!job?.id) return false
  const origin = { id: job.id, repository: job.repository, createdAt: job.createdAt }
  const host = hostOf(run.serverUrl)
  const byLink = judgeLink(origin, link, host)
  if (!byLink.agents) {
    log.warning(byLink.why)
    return false
  }
  const [owner = '', repo = ''] = link.repository.split('/')
  const api = await github.apiIn({ owner, repo })
  if (!api) return false
  try {
    const verdict = judgeAgentPull(origin, link, await api.lookups.pullOrigin(link.number), host)
    if (!verdict.agents) log.warning(verdict.why)
    return verdict.agents
  } catch (error) {
    github.callFailed(
      error,
      `Whether ${link.repository}#${link.number} is the pull request job ${job.id} opened cannot be told, so it is neither introduced nor labelled, and replies there start new jobs instead of follow-ups.`
    )
    return false
  }
}

/** The host of the run's GitHub server (lower case), against which the job's repository URL is read; null when unreadable. */
function hostOf(url: string): string | null {
  try {
    return new URL(url).host.toLowerCase()
  } catch {
    return null
  }
}
