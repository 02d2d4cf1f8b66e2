import { statusOfContext } from '../decide/context-statuses.js'
import { commentCountOf, type GitHubEvent, pullRef } from '../../../github/event.js'
import { jobOfMarkers, stickyMarker } from '../../../github/markers.js'
import { type GateDecision, needsShownHeads } from '../../../trust/gate.js'
import { freshBudgetRecord } from '../../fix-checks/fresh-budget.js'
import { recordSubject } from '../comment-records.js'
import { type DocsEvent, needsHeadOwners, type PathsVerdict } from '../decide/docs-check-rules.js'
import { anyDocumented, type PathsFilter } from '../decide/paths.js'
import { docsEventFor } from '../decide/docs-event.js'
import type { AgentPullJob, DocsFacts, RunFacts } from '../decide/facts.js'
import { needsAgentJob, planRun } from '../decide/run-plan.js'
import type { RunMeans } from '../means.js'
import { checkTarget, fetchDocsRecord, pushFiles, sharedHeadOf } from './docs-check-reads.js'
import { judgePull, type JudgingReads } from './judge-pull.js'
import type { Command } from './event-ask.js'
import type { GateFacts } from './gate-facts.js'

/**
 * The second read, for a run the gate lets through: what the plan needs. A command's agent pull request
 * and its job (a follow-up instead of a new job), then, where the docs check follows the run, the code
 * pull request, its record and `paths`. No Mintlify request: the grouped job's state is read after the plan.
 */
export async function readPlanFacts(gateFacts: GateFacts, gate: GateDecision, means: RunMeans): Promise<RunFacts> {
  const { asked } = gateFacts
  const { settings, run, clock } = means
  const marked = asked.kind === 'command' && needsAgentJob(asked.command, gate) ? await agentJobOf(asked.command.on.number, means) : null
  const agentPull = marked?.jobId ? marked : (recordedJob(gateFacts) ?? marked)
  // What the docs check follows depends on the run's own plan (a refusal, a follow-up): that much is decided first.
  const plan = planRun(asked, settings, gate, agentPull)
  const now = clock.now()
  const docsEvent = docsEventFor(plan, asked, settings, run.event)
  const command = asked.kind === 'command' ? asked.command : null
  const docs = docsEvent ? await readDocsFacts(docsEvent, { command, gate, gateFacts }, means) : null
  return { asked, gate, agentPull, docs, now }
}

/**
 * An outsider's code pull request whose docs record names the agent's pull request and its job (read for
 * the gate, which reads it only on an outsider's pull request): after new commits waited, a maintainer's
 * command there follows that job up instead of opening another pull request.
 */
function recordedJob({ asked, docs }: GateFacts): AgentPullJob | null {
  const record = docs.record?.record
  if (asked.kind !== 'command' || !docs.target?.pull || !record?.jobId || !record.agentPull) return null
  return { jobId: record.jobId, freshBudget: '', recorded: record.agentPull }
}

/**
 * The job of the agent's pull request, from the newest marker comment of a trusted author (our identity,
 * `marker-authors`) whose records verify: an edited job marker points nowhere. With it, the fresh rounds
 * record a person's follow-up there writes (`fix-checks` starts its budget again).
 */
async function agentJobOf(pull: number, means: RunMeans): Promise<AgentPullJob | null> {
  const { github, settings, records, run } = means
  const api = await github.apiOrNull()
  if (!api) return null
  try {
    const trusted = await api.markerComments(pullRef(pull), settings.markerAuthors, commentCountOf(run.event, pull))
    const verified = records.verified(trusted, recordSubject(api.repo, pull))
    return { jobId: jobOfMarkers(verified.map((comment) => ({ body: comment.records }))), freshBudget: freshBudgetRecord(verified) }
  } catch (error) {
    github.callFailed(error, 'Treating the command as a new job.')
    return null
  }
}

/**
 * The docs check's facts, each read once (or taken from what the gate's read found); a GitHub failure
 * leaves a fact out (one warning), never the run.
 */
async function readDocsFacts(event: DocsEvent, judged: JudgedRun, means: RunMeans): Promise<DocsFacts> {
  const { run, github, records, settings } = means
  const { command, gateFacts } = judged
  const before = gateFacts.docs
  const facts: DocsFacts = {
    event,
    target: before.target ?? { pull: null, sha: null, author: null },
    record: null,
    judged: { key: judgedKey(means), heads: {} },
    statuses: {},
    recordKnown: false,
    stickyId: undefined,
    paths: 'unset',
    outsiders: outsidersPull(judged, settings),
    sharedHead: null
  }
  if (event.kind === 'scheduled') return { ...facts, target: await checkTarget(run, command, null), recordKnown: true }
  const api = await github.apiOrNull()
  try {
    facts.target = before.target ?? (await checkTarget(run, command, api))
    const read = before.record ?? (await fetchDocsRecord(api, facts.target.pull, records, run.event))
    // Each context carries its own status: another workflow's docs check writes another's.
    const status = statusOfContext(read.statuses, facts.judged.key, read.record?.status ?? null)
    const record = read.record && { ...read.record, status }
    Object.assign(facts, {
      record,
      judged: { ...facts.judged, heads: read.judged },
      statuses: read.statuses ?? {},
      recordKnown: read.known
    })
    const marker = stickyMarker(`${run.workflow}/${run.job}`)
    facts.stickyId = read.own.filter((comment) => comment.body.includes(marker)).at(-1)?.id ?? null
    if (api) facts.paths = await pathsOf(facts, settings.docsCheck.paths, { api, callFailed: github.callFailed, event: run.event })
    const { pull, sha } = facts.target
    if (api && pull && sha && needsHeadOwners(event, facts.outsiders, settings.docsCheck.statusContext !== null))
      facts.sharedHead = await sharedHeadOf(api, pull, sha, (error) => github.callFailed(error, 'No docs status is written on it.'))
  } catch (error) {
    github.callFailed(error, 'The docs check goes on with what it could read.')
  }
  return facts
}

/** A run as the gate judged it: its command (if any), the decision, and what the gate read. */
interface JudgedRun {
  command: Command | null
  gate: GateDecision
  gateFacts: GateFacts
}

/**
 * Whether the run is about an outsider's pull request, as the gate judged it: one waiting for a maintainer,
 * or a permitted command on one (for which the gate read the heads shown).
 */
function outsidersPull({ gate, gateFacts }: JudgedRun, settings: RunMeans['settings']): boolean {
  const { steerer, reading } = gateFacts
  return gate.kind === 'wait-for-maintainer' || needsShownHeads(steerer, settings, reading.role, reading.pull)
}

/** The key the judged head is kept under: the status context, else the workflow and job (which may judge other `paths`). */
function judgedKey({ settings, run }: RunMeans): string {
  const context = settings.docsCheck.statusContext
  return context ? `status ${context}` : `job ${run.workflow}/${run.job}`
}

/**
 * `paths` against the change: a push's own commits, a pull request's state since its judged head
 * (judge-pull.ts). Commands and labels are asked for explicitly: they are not judged.
 */
async function pathsOf(facts: DocsFacts, paths: PathsFilter | null, reads: JudgingReads & { event: GitHubEvent }): Promise<PathsVerdict> {
  const { event, target, judged } = facts
  if (event.kind === 'push' && reads.event.kind === 'push') {
    const files = paths ? await pushFiles(reads.event, reads.api) : null
    return paths && files ? (anyDocumented(files, paths) ? 'matched' : 'unmatched') : 'unset'
  }
  if (event.kind !== 'pull-request' || !target.pull || !target.sha) return 'unset'
  return judgePull({ target, judged: judged.heads[judged.key] ?? null, paths }, reads)
}
