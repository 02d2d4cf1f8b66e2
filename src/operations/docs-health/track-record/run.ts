/**
 * The track record's run inside the docs-health report: the facts from GitHub first (before the plan is
 * logged), then, after the other sections, the weeks max-requests still pays for, and the record itself.
 */
import { messageOf } from '../../../errors.js'
import type { GitHubApi } from '../../../github/api.js'
import type { Repo } from '../../../github/event.js'
import type { TrackRecordInputs } from '../inputs.js'
import { type AgentImpact, assembleImpact, type ImpactFacts } from './impact.js'
import type { TrackRecordPlan } from './plan.js'
import { standPulls } from './pulls.js'
import { findAgentPulls, type ImpactSource, readImpactWeeks } from './reads.js'
import { mergedSince } from './weeks.js'

export interface TrackRecordDeps {
  /** The run's repository: the docs repository unless `docs-repository` names another. */
  runRepo: Repo | null
  /** GitHub in `repo`; null without a token (the caller says so once). */
  connect: (repo: Repo) => Promise<GitHubApi | null>
  now: number
  log: { info(message: string): void; warning(message: string): void; notice(message: string): void }
}

/**
 * The agent's merged pull requests and where each stands, read from GitHub; null, said once, when the
 * track record is off (`impact-weeks: 0`, an empty `agent-label`) or GitHub cannot tell (no token, a
 * refused search): the rest of the report stands.
 */
export async function trackRecordFacts(inputs: TrackRecordInputs, deps: TrackRecordDeps): Promise<ImpactFacts | null> {
  const { log } = deps
  if (inputs.impactWeeks === 0) {
    log.info('impact-weeks is 0: the report has no track record.')
    return null
  }
  if (!inputs.agentLabel) {
    log.notice("Input 'agent-label' is empty: the report has no track record of the agent's pull requests.")
    return null
  }
  const repo = inputs.docsRepository ?? deps.runRepo
  const api = repo ? await deps.connect(repo) : null
  if (!repo || !api) {
    log.warning('The track record needs GitHub (a github-token and the docs repository), which this run has not: the report has none.')
    return null
  }
  const repository = `${repo.owner}/${repo.repo}`
  const since = mergedSince(deps.now)
  try {
    const { found, totalCount } = await findAgentPulls(api, { repo, label: inputs.agentLabel, since }, log)
    const standings = standPulls(found, { weeks: inputs.impactWeeks, folder: inputs.docsFolder, now: deps.now })
    const count = (kind: string): number => standings.pulls.filter((pull) => pull.standing.kind === kind).length
    log.info(
      `Track record: ${totalCount} pull request(s) labelled ${inputs.agentLabel} merged in ${repository} since ${since}; ` +
        `${count('judged')} judged, ${count('waiting')} waiting for their weeks after the merge, ${found.length - count('judged') - count('waiting')} not judged.`
    )
    return { label: inputs.agentLabel, repository, impactWeeks: inputs.impactWeeks, now: deps.now, since, found: totalCount, standings }
  } catch (error) {
    log.warning(`${messageOf(error)} The report has no track record of the agent's pull requests.`)
    return null
  }
}

/**
 * The weeks the plan needs, paid from what max-requests (`budget`) leaves after the other sections, and
 * the record; `complete` is false when a week was not fetched.
 */
export async function readTrackRecord(
  facts: ImpactFacts,
  plan: TrackRecordPlan,
  source: ImpactSource,
  budget: number
): Promise<{ impact: AgentImpact; complete: boolean }> {
  const { readings, complete } = await readImpactWeeks(plan, source, budget, facts.standings.touched)
  // Loaded here only: the distributions are start-up cost that runs without a track record never pay.
  const statistics = await import('./statistics.js')
  return { impact: assembleImpact(facts, plan, readings, statistics), complete }
}
