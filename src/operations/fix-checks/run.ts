import type { GitHubApi } from '../../github/api.js'
import { type GitHubAccess, gitHubAccess } from '../../github/connection.js'
import { type ChecksEvent, pullRef, type PullFacts } from '../../github/event.js'
import { jobOfMarkers, stickyMarker } from '../../github/markers.js'
import { StatusThread } from '../../github/status-thread.js'
import { failure, judgeQuiet, resultOutputs, type OperationResult, type Verdict } from '../../outcome.js'
import type { Settings } from '../../settings.js'
import { redact } from '../../text.js'
import { waitFor } from '../../wait.js'
import { CommentRecords, recordSubject } from '../agent/comment-records.js'
import type { AgentInputs } from '../agent/inputs.js'
import { runAgentJob } from '../agent/job-run.js'
import { operationResultOf } from '../agent/run.js'
import { judgeDryRun, type JobReport } from '../agent/verdicts.js'
import type { OperationDeps } from '../operation.js'
import { failedNames, type HeadChecks } from './check-states.js'
import { CheckReader } from './check-reader.js'
import { failureMarks, fixChecksMessage } from './failure-report.js'
import { failureFingerprint } from './fingerprint.js'
import { mergedRounds, newestRoundsComment } from './fresh-budget.js'
import { type CheckedPullFacts, type ChecksFacts, type FixChecksFacts, type FixChecksPlan, handOverText, planFixChecks } from './plan.js'
import { earlierRoundLines, renderHandOverComment, renderRoundsComment, roundLine, type RoundShown } from './rounds-comment.js'
import { renderRoundsRecord, type RoundsRecord } from './rounds-record.js'

/**
 * `job` under a check event (`check_suite`, `check_run`, `workflow_run`, `status`) in the docs repository:
 * when the agent's own pull request fails its checks, the failures go back to its job as one follow-up
 * message per head, within `fix-checks` rounds, and the sticky comment there says so. The trust gate names
 * the agent's pull request as the steerer of a check event; that it is the agent's (a trusted, signed job
 * marker), not a fork's, and within its budget is what the plan (plan.ts) decides, asked again as facts
 * are read.
 */
export async function runFixChecks(settings: Settings<AgentInputs>, event: ChecksEvent, deps: OperationDeps): Promise<OperationResult> {
  const facts: FixChecksFacts = {
    budget: settings.fixChecks,
    dryRun: settings.dryRun,
    eventHead: event.headSha,
    pull: null,
    record: null,
    checks: null,
    waitedOut: false
  }
  // `fix-checks: 0` reads nothing.
  const off = planFixChecks(facts)
  if (off.kind === 'skip' && off.reason === 'disabled') return finish(skipVerdict(off, event.headSha, []), deps)
  const github = gitHubAccess({
    token: settings.githubToken,
    repo: deps.run.repo,
    connect: deps.connectGitHub,
    log: deps.log,
    without: "the agent's pull request and its checks cannot be read"
  })
  const api = await github.apiOrThrow("to read the agent's pull request and its checks")
  const records = new CommentRecords(settings.apiKey, deps.log, deps.clock)
  const agentPull = await agentPullOf(event, api, settings, records, stickyMarkerOf(deps))
  const reader = new CheckReader(api, github.callFailed, settings.docsCheck.statusContext ?? '')
  const plan = await decide(
    { ...facts, pull: agentPull?.facts ?? null, record: agentPull?.record ?? null },
    agentPull,
    reader,
    settings,
    deps
  )
  if (plan === 'cancelled')
    return finish(
      failure('cancelled', `The workflow was cancelled while waiting for the checks at ${short(event.headSha)}; nothing was sent.`),
      deps
    )
  if (plan.kind === 'skip') return finish(skipVerdict(plan, event.headSha, reader.refused), deps)
  // Never: without a pull request the plan skips.
  if (!agentPull) throw new Error('A round was planned without a pull request.')
  return carryOut(plan, agentPull, { api, github, records, settings, deps })
}

/** The plans that end the run. */
type FinalPlan = Exclude<FixChecksPlan, { kind: 'read' | 'wait' }>

/** Asks the plan, reading and waiting as it says, until it says what the run does. */
async function decide(
  first: FixChecksFacts,
  pull: AgentPull | null,
  reader: CheckReader,
  settings: Settings<AgentInputs>,
  deps: OperationDeps
): Promise<FinalPlan | 'cancelled'> {
  let facts = first
  for (;;) {
    const plan = planFixChecks(facts)
    if (plan.kind !== 'read' && plan.kind !== 'wait') return plan
    if (plan.kind === 'read' && plan.what === 'checks') {
      facts = { ...facts, checks: checksFacts(await reader.headChecks(facts.eventHead)) }
    } else if (plan.kind === 'read') {
      const failing = await reader.failures()
      const failures = {
        fingerprint: failureFingerprint(failureMarks(failing)),
        message: fixChecksMessage(pull?.url ?? '', facts.eventHead, failing)
      }
      facts = { ...facts, checks: { ...checksFacts(reader.lastRead), failures } }
    } else {
      const waited = await waitForChecks(reader, facts.eventHead, settings, deps)
      if (waited === 'cancelled') return waited
      facts = { ...facts, checks: checksFacts(reader.lastRead), waitedOut: waited === 'timed-out' }
    }
  }
}

/** The agent's pull request as read for a check event: what the plan needs, and where its rounds are told. */
interface AgentPull {
  facts: CheckedPullFacts
  url: string
  /** The job of its trusted, signed job marker ('' when it has none: then the plan skips). */
  jobId: string
  record: RoundsRecord | null
  /** The sticky comment to update (null: a new one), and the round lines it shows. */
  stickyId: number | null
  earlierLines: string[]
}

/**
 * The pull request of the event's commit: the event's `pull_requests`, else one look-up by the commit; its
 * head and origin as read now, its job from the newest trusted marker whose signature verifies, and its
 * rounds (its signed rounds records merged). The rounds are told in this workflow job's sticky comment while that comment holds
 * the newest record; after a person's `/docs` wrote a fresh one below it, a new sticky comment starts.
 */
async function agentPullOf(
  event: ChecksEvent,
  api: GitHubApi,
  settings: Settings<AgentInputs>,
  records: CommentRecords,
  marker: string
): Promise<AgentPull | null> {
  const named = event.pulls[0]
  const number = named?.number ?? (await api.pullsForCommit(event.headSha))[0]
  if (number === undefined) return null
  const pull: PullFacts = await api.pull(number)
  const forkByEvent = named !== undefined && named.headRepo.toLowerCase() !== named.baseRepo.toLowerCase()
  const trusted = await api.markerComments(pullRef(number), settings.markerAuthors)
  const verified = records.verified(trusted, recordSubject(api.repo, number))
  const jobId = jobOfMarkers(verified.map((comment) => ({ body: comment.records }))) ?? ''
  const holder = newestRoundsComment(verified)
  // The identity was looked up for the trusted comments already: only its own sticky comment can be updated.
  const identity = (await api.tokenLogin()).toLowerCase()
  const sticky = trusted.filter((comment) => comment.login.toLowerCase() === identity && comment.body.includes(marker)).at(-1)
  const keepsSticky = holder === undefined || holder.id === sticky?.id
  return {
    facts: { number, head: pull.head.sha, fork: forkByEvent || pull.head.fork, agentJob: jobId !== '' },
    url: pull.url,
    jobId,
    record: mergedRounds(verified),
    stickyId: keepsSticky ? (sticky?.id ?? null) : null,
    earlierLines: keepsSticky && sticky ? earlierRoundLines(sticky.body) : []
  }
}

/** One sticky comment per workflow job, as the agent's runs keep theirs. */
function stickyMarkerOf(deps: OperationDeps): string {
  return stickyMarker(`${deps.run.workflow}/${deps.run.job}`)
}

function checksFacts(checks: HeadChecks): ChecksFacts {
  return { pending: checks.pending, failed: failedNames(checks), failures: null }
}

/** Waits for the running checks by the waiting rules (gaps growing up to `poll-interval`), until the deadline. */
async function waitForChecks(
  reader: CheckReader,
  sha: string,
  settings: Settings<AgentInputs>,
  deps: OperationDeps
): Promise<'finished' | 'timed-out' | 'cancelled'> {
  const label = `the checks at ${short(sha)}`
  deps.log.info(`Waiting for ${label} still running: ${reader.lastRead.pending.join(', ')}.`)
  const result = await deps.log.group(`Waiting for ${label}`, () =>
    waitFor(() => reader.headChecks(sha), reader.lastRead, CHECKS_SUBJECT(label), {
      clock: deps.clock,
      deadline: deps.deadline,
      pollIntervalMs: settings.pollIntervalMs,
      signal: deps.signal,
      log: deps.log
    })
  )
  if (result.kind === 'error') throw result.error
  return result.kind === 'terminal' ? 'finished' : result.kind
}

const CHECKS_SUBJECT = (label: string) => ({
  label,
  statusOf: (checks: HeadChecks) => (checks.pending.length > 0 ? 'running' : 'finished'),
  known: ['running', 'finished'],
  terminal: ['finished']
})

/**
 * A skip: quiet (one line in the log) unless checks still ran at the deadline. When nothing failed but a
 * read was refused, nothing could be told: `failed`, naming the permission.
 */
function skipVerdict(plan: Extract<FixChecksPlan, { kind: 'skip' }>, head: string, refused: readonly string[]): Verdict {
  if (plan.reason === 'nothing-failed' && refused.length > 0)
    return failure(
      'failed',
      `Nothing could be read of what failed at ${short(head)}: the token lacks ${refused.join(' and ')}; add ${refused.length === 1 ? 'it' : 'them'} to the workflow's permissions: block.`
    )
  return plan.quiet ? { ...judgeQuiet('skipped', plan.why), result: 'success' } : judgeQuiet('skipped', plan.why)
}

/** What the run carries out with: GitHub, the records' key, the settings and the operation's deps. */
interface Places {
  api: GitHubApi
  github: GitHubAccess
  records: CommentRecords
  settings: Settings<AgentInputs>
  deps: OperationDeps
}

/** A round sent, shown (dry run) or handed over to people. */
async function carryOut(
  plan: Extract<FixChecksPlan, { kind: 'send' | 'dry-run' | 'hand-over' }>,
  pull: AgentPull,
  places: Places
): Promise<OperationResult> {
  const { settings, deps } = places
  if (plan.kind === 'dry-run') return showRound(plan, pull, places)
  const thread = new StatusThread(
    places.api,
    { on: pullRef(pull.facts.number), mode: 'sticky', marker: stickyMarkerOf(deps) },
    places.github.callFailed
  )
  thread.adopt(pull.stickyId)
  const sealed = (body: string): string => places.records.seal(body, recordSubject(places.api.repo, pull.facts.number))
  const record = renderRoundsRecord(plan.record) ?? ''
  if (plan.kind === 'hand-over') {
    const verdict = judgeQuiet('skipped', handOverText(plan.rounds, plan.failed))
    deps.publish(resultOutputs(operationResultOf({ verdict, job: null, commentUrl: null })))
    const reviewers = await requestedReviewers(pull.facts.number, places)
    await thread.conclude(sealed(renderHandOverComment(thread.target.marker, { ...plan, reviewers }, pull.earlierLines, record)))
    return operationResultOf({ verdict, job: null, commentUrl: thread.url })
  }
  const shown = (answer: string | null): RoundShown => ({ ...plan, head: pull.facts.head, jobId: pull.jobId, answer })
  const lines = (answer: string | null): string[] => [...pull.earlierLines, roundLine(shown(answer))]
  deps.log.info(
    `Round ${plan.round} of ${plan.of}: ${plan.failed.join(', ')} failed at ${short(pull.facts.head)}; the failures go to job ${pull.jobId}.`
  )
  const sent = await runAgentJob(
    {
      action: 'message',
      projectId: settings.projectId,
      jobId: pull.jobId,
      prompt: plan.message,
      promptSource: promptSourceOf(plan),
      changeNotes: '',
      wait: settings.wait,
      timeoutMs: settings.timeoutMs,
      pollIntervalMs: settings.pollIntervalMs,
      deadline: deps.deadline,
      runUrl: deps.run.runUrl
    },
    {
      client: deps.client(),
      clock: deps.clock,
      signal: deps.signal,
      log: deps.log,
      // The round counts once the API accepted it: the record is written with the first word of it.
      onAccepted: () => thread.post(sealed(renderRoundsComment(thread.target.marker, lines(null), record)))
    }
  )
  const report: JobReport = { ...sent, prompt: redact(sent.prompt, settings.apiKey) }
  deps.publish(resultOutputs(operationResultOf({ verdict: report.verdict, job: report, commentUrl: thread.url })))
  // A message the API never accepted was no round: nothing is recorded, and the next wake-up tries again.
  if (report.job !== null) await thread.conclude(sealed(renderRoundsComment(thread.target.marker, lines(report.verdict.headline), record)))
  return operationResultOf({ verdict: report.verdict, job: report, commentUrl: thread.url })
}

/** A dry run: the message goes to the log and the summary; nothing is sent or written. */
async function showRound(
  plan: Extract<FixChecksPlan, { kind: 'dry-run' }>,
  pull: AgentPull,
  { settings, deps }: Places
): Promise<OperationResult> {
  await deps.log.group(
    `Dry run: the follow-up round ${plan.round} of ${plan.of} would send to job ${pull.jobId} (${plan.message.length} characters)`,
    () => {
      // Each line behind a bar: a line of check output starting with '::' must not pass for a workflow command.
      plan.message.split('\n').forEach((line) => deps.log.info(`| ${line}`))
      return Promise.resolve()
    }
  )
  const report: JobReport = {
    action: 'message',
    verdict: judgeDryRun('message', settings.projectId, pull.jobId, plan.message.length),
    job: null,
    prompt: redact(plan.message, settings.apiKey),
    promptSource: promptSourceOf(plan),
    changeNotes: '',
    waited: false,
    durationMs: 0,
    polls: 0,
    runUrl: deps.run.runUrl
  }
  return operationResultOf({ verdict: report.verdict, job: report, commentUrl: null })
}

function promptSourceOf(plan: { round: number; of: number }): string {
  return `fix-checks, round ${plan.round} of ${plan.of}`
}

/** Whom the hand-over mentions; a read GitHub refuses is a warning, and the hand-over names nobody. */
async function requestedReviewers(pull: number, { api, github }: Places): Promise<string[]> {
  try {
    const { users, teams } = await api.requestedReviewers(pull)
    return [...users, ...teams]
  } catch (error) {
    github.callFailed(error, 'The hand-over mentions no reviewer.')
    return []
  }
}

/** A run that sent nothing: its verdict as the result, its outputs set. */
function finish(verdict: Verdict, deps: OperationDeps): OperationResult {
  const result = operationResultOf({ verdict, job: null, commentUrl: null })
  deps.publish(resultOutputs(result))
  return result
}

function short(sha: string): string {
  return sha.slice(0, 7)
}
