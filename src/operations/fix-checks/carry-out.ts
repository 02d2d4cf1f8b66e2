import { pullRef } from '../../github/event.js'
import { StatusThread } from '../../github/status-thread.js'
import { failure, judgeQuiet, resultOutputs, type OperationResult, type Verdict } from '../../outcome.js'
import { redact } from '../../redaction.js'
import { recordSubject } from '../agent/comment-records.js'
import { runAgentJob } from '../agent/carry-out/job-run.js'
import { operationResultOf } from '../agent/run.js'
import { judgeDryRun, type JobReport } from '../agent/verdicts.js'
import type { OperationDeps } from '../operation.js'
import { type CheckedPullFacts, type FixChecksFacts, type PullMarks, short } from './facts.js'
import type { FixChecksMeans } from './means.js'
import { type FixChecksPlan, handOverText } from './plan.js'
import { readPullOf } from './read.js'
import { renderHandOverComment, renderRoundsComment, roundLine, type RoundShown } from './rounds-comment.js'
import { renderRoundsRecord } from './rounds-record.js'

/** What ends a run: the plan's last word, or a cancel while the run waited for the checks. */
export type FinalPlan = Exclude<FixChecksPlan, { kind: 'read' | 'wait' }> | { kind: 'cancelled' }

type RoundPlan = Extract<FixChecksPlan, { kind: 'send' | 'dry-run' | 'hand-over' }>

/** Carries out what the plan decided, with what was read: nothing but the writes it names. */
export function carryOut(plan: FinalPlan, facts: FixChecksFacts, means: FixChecksMeans): Promise<OperationResult> {
  switch (plan.kind) {
    case 'skip':
    case 'fail':
    case 'cancelled':
      return Promise.resolve(finish(endVerdict(plan, facts.eventHead), means.deps))
    case 'dry-run':
      return showRound(plan, writtenOn(facts), means)
    case 'send':
      return sendRound(plan, writtenOn(facts), means)
    case 'hand-over':
      return handOver(plan, writtenOn(facts), means)
  }
}

/**
 * The verdict of a run that sent nothing. A skip is quiet (one line in the log) unless checks still ran at
 * the deadline; nothing readable is `failed`, naming the permission.
 */
export function endVerdict(plan: Extract<FinalPlan, { kind: 'skip' | 'fail' | 'cancelled' }>, head: string): Verdict {
  if (plan.kind === 'cancelled')
    return failure('cancelled', `The workflow was cancelled while waiting for the checks at ${short(head)}; nothing was sent.`)
  if (plan.kind === 'fail') return failure('failed', plan.why)
  return plan.quiet ? { ...judgeQuiet('skipped', plan.why), result: 'success' } : judgeQuiet('skipped', plan.why)
}

/** A run that sent nothing: its verdict as the result, its outputs set. */
export function finish(verdict: Verdict, deps: OperationDeps): OperationResult {
  const result = operationResultOf({ verdict, job: null, commentUrl: null })
  deps.publish(resultOutputs(result))
  return result
}

/** The agent's pull request as a round is written on it. */
interface Written {
  pull: CheckedPullFacts
  marks: PullMarks
}

/** This workflow job's sticky comment on the pull request, and how a body is sealed with its records for it. */
function stickyOn(
  on: Written,
  { api, github, records, sticky }: FixChecksMeans
): { thread: StatusThread; sealed: (body: string) => string } {
  const thread = new StatusThread(api, { on: pullRef(on.pull.number), mode: 'sticky', marker: sticky }, github.callFailed)
  thread.adopt(on.marks.stickyId)
  return { thread, sealed: (body) => records.seal(body, recordSubject(api.repo, on.pull.number)) }
}

/** The hand-over to people: the sticky comment says the checks still fail, mentioning the requested reviewers. */
async function handOver(plan: Extract<RoundPlan, { kind: 'hand-over' }>, on: Written, means: FixChecksMeans): Promise<OperationResult> {
  const { thread, sealed } = stickyOn(on, means)
  const verdict = judgeQuiet('skipped', handOverText(plan.rounds, plan.failed))
  means.deps.publish(resultOutputs(operationResultOf({ verdict, job: null, commentUrl: null })))
  const reviewers = await requestedReviewers(on.pull.number, means)
  const record = renderRoundsRecord(plan.record) ?? ''
  await thread.conclude(sealed(renderHandOverComment(means.sticky, { ...plan, reviewers }, on.marks.earlierLines, record)))
  return operationResultOf({ verdict, job: null, commentUrl: thread.url })
}

/**
 * A round: the follow-up message to the job, told in the sticky comment with the rounds record once the API
 * accepted it (before the wait), and again with the job's answer.
 */
async function sendRound(plan: Extract<RoundPlan, { kind: 'send' }>, on: Written, means: FixChecksMeans): Promise<OperationResult> {
  const { settings, deps, sticky } = means
  const { thread, sealed } = stickyOn(on, means)
  const record = renderRoundsRecord(plan.record) ?? ''
  const told = (answer: string | null): string => {
    const shown: RoundShown = { ...plan, head: on.pull.head, jobId: on.marks.jobId, answer }
    return sealed(renderRoundsComment(sticky, [...on.marks.earlierLines, roundLine(shown)], record))
  }
  deps.log.info(
    `Round ${plan.round} of ${plan.of}: ${plan.failed.join(', ')} failed at ${short(on.pull.head)}; the failures go to job ${on.marks.jobId}.`
  )
  const sent = await runAgentJob(
    {
      action: 'message',
      projectId: settings.projectId,
      jobId: on.marks.jobId,
      prompt: plan.message,
      promptSource: promptSourceOf(plan),
      changeNotes: '',
      wait: settings.wait,
      timeoutMs: settings.timeoutMs,
      pollIntervalMs: settings.pollIntervalMs,
      deadline: deps.deadline,
      runUrl: deps.run.runUrl
    },
    // The round counts once the API accepted it: the record is written with the first word of it.
    { client: deps.client(), clock: deps.clock, signal: deps.signal, log: deps.log, onAccepted: () => thread.post(told(null)) }
  )
  const report: JobReport = { ...sent, prompt: redact(sent.prompt, settings.apiKey), verdict: noRoundIfRefused(sent.verdict, on.pull.head) }
  deps.publish(resultOutputs(operationResultOf({ verdict: report.verdict, job: report, commentUrl: thread.url })))
  // A message the API never accepted was no round: nothing is recorded, and the next wake-up tries again.
  if (report.job !== null) await thread.conclude(told(report.verdict.headline))
  return operationResultOf({ verdict: report.verdict, job: report, commentUrl: thread.url })
}

/**
 * A follow-up the spend limit (or Mintlify's 402) refused was never sent: no round is spent and nothing is
 * recorded for the head, so a later run for it tries again. The warning and the summary say so.
 */
function noRoundIfRefused(verdict: Verdict, head: string): Verdict {
  if (verdict.outcome !== 'over-budget') return verdict
  const why = `${verdict.headline} fix-checks sent no round for ${short(head)} and recorded nothing for it: a later run for this head tries again.`
  return { ...verdict, headline: why, failureReason: why }
}

/** A dry run: the message goes to the log and the summary; nothing is sent or written. */
async function showRound(
  plan: Extract<RoundPlan, { kind: 'dry-run' }>,
  on: Written,
  { settings, deps }: FixChecksMeans
): Promise<OperationResult> {
  const { marks } = on
  await deps.log.group(
    `Dry run: the follow-up round ${plan.round} of ${plan.of} would send to job ${marks.jobId} (${plan.message.length} characters)`,
    () => {
      // Each line behind a bar: a line of check output starting with '::' must not pass for a workflow command.
      plan.message.split('\n').forEach((line) => deps.log.info(`| ${line}`))
      return Promise.resolve()
    }
  )
  const report: JobReport = {
    action: 'message',
    verdict: judgeDryRun('message', settings.projectId, marks.jobId, plan.message.length),
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
async function requestedReviewers(pull: number, { api, github }: FixChecksMeans): Promise<string[]> {
  try {
    const { users, teams } = await api.requestedReviewers(pull)
    return [...users, ...teams]
  } catch (error) {
    github.callFailed(error, 'The hand-over mentions no reviewer.')
    return []
  }
}

function writtenOn(facts: FixChecksFacts): Written {
  // Never: the plan reads the pull request and its marks before it plans a round.
  if (!facts.marks) throw new Error('A round was planned before the pull request was read.')
  return { pull: readPullOf(facts), marks: facts.marks }
}
