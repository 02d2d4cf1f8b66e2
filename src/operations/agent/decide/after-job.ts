import type { CodePullRecord } from '../../../github/markers.js'
import { parsePullLink } from '../../../mintlify/job.js'
import { overBudgetStatus } from '../../../spend/over-budget.js'
import type { Reviewers } from '../docs-check-inputs.js'
import type { JobReport } from '../verdicts.js'
import type { DocsPart, RunPlan } from './before-job.js'
import type { DocsSituation } from './commit-status.js'
import type { CheckTarget } from '../read/docs-check-reads.js'
import type { AfterWrite } from './writes.js'

/**
 * What a job run writes once its job ended, in order, decided from the plan and the job's report: the
 * commit status of its end, the status comment's result, then (unless the workflow was cancelled: the
 * runner kills the step soon) the timeline of a continued pull request or the introduction of a new one
 * with the label and the reviewers it asks (only once it was written), and the last reaction.
 */
export interface AfterJobFacts {
  report: JobReport
  /** The run continued the grouped pull request's job (its timeline gets a line) instead of introducing a new one. */
  continued: boolean
  /** The workflow was cancelled while the job ran. */
  cancelled: boolean
  /** `reviewers`, as read. */
  reviewers: Reviewers
  /** `agent-label` ('' for none). */
  agentLabel: string
  /** The slash command word (`/docs`): an over-budget status says how to start the job once the window resets. */
  trigger: string
}

export function decideAfterJob(plan: RunPlan, facts: AfterJobFacts): AfterWrite[] {
  const { job, docs } = plan
  if (!job) return []
  const { report } = facts
  // A commit status is written only by the docs check.
  const situation = job.statusSha && docs ? statusAfter(report, docs, facts.trigger) : null
  const writes: AfterWrite[] = [
    ...(job.statusSha && situation ? [{ kind: 'commit-status' as const, situation, sha: job.statusSha, dryRun: false }] : []),
    { kind: 'result-comment' }
  ]
  if (facts.cancelled) return writes
  if (facts.continued) writes.push({ kind: 'timeline' })
  else if (job.introduce) {
    // Reviewers are asked once, by the run that introduced the agent's pull request (and so may write there).
    // GitHub asks only collaborators: a fork's author is not one, the maintainer who approved the job is.
    const { target } = docs?.facts ?? {}
    const author = target?.pull?.fork ? (job.approver ? { login: job.approver, isBot: false } : null) : (target?.author ?? null)
    const reviewers = docs ? askReviewers(report, author, facts.reviewers) : null
    const pull = parsePullLink(report.job?.prLink ?? null)
    const label = pull && facts.agentLabel ? { kind: 'label' as const, pull, name: facts.agentLabel } : null
    writes.push({
      kind: 'introduce',
      codePull: codePullOf(target, reviewers),
      then: [...(label ? [label] : []), ...(reviewers ? [reviewers] : [])]
    })
  }
  // A command the spend limit refused gets 😕 with its reply, as a failed one does.
  const confused = report.verdict.result === 'failure' || report.verdict.outcome === 'over-budget'
  if (job.react) writes.push({ kind: 'react', on: job.react, content: confused ? 'confused' : 'rocket' })
  return writes
}

/**
 * What the introduction records for the sweep: the code pull request the run is about (none for a schedule,
 * a dispatch, an issue), its author (a person's login, else ''), and the reviewers asked (teams as `org/team`).
 */
function codePullOf(target: CheckTarget | undefined, reviewers: AfterWrite | null): CodePullRecord | null {
  const pull = target?.pull
  if (!pull) return null
  const { author } = target
  const asked = reviewers?.kind === 'ask-reviewers' ? reviewers : null
  const org = asked?.pull.repository.split('/')[0] ?? ''
  return {
    repository: pull.repository,
    number: pull.number,
    author: author && !author.isBot ? author.login : '',
    reviewers: asked ? [...asked.people, ...asked.teams.map((slug) => `${org}/${slug}`)] : []
  }
}

/** The job's end, in the words of its commit status; `started` (not waited on) stays pending, `over-budget` too, saying until when. */
function statusAfter(report: JobReport, { code }: DocsPart, trigger: string): DocsSituation | null {
  const prLink = report.job?.prLink ?? null
  return code.situationAfterJob({
    outcome: report.verdict.outcome,
    reason: report.verdict.failureReason,
    prLink,
    pull: parsePullLink(prLink),
    apiError: report.job === null || (report.verdict.outcome === 'failed' && report.job.status !== 'failed'),
    overBudget: report.refusal
      ? overBudgetStatus(report.refusal, trigger)
      : `Mintlify's AI credits are exhausted: ${trigger} once they renew, or ${trigger} skip`
  })
}

/**
 * Who is asked to review the agent's pull request. `author` is the code pull request's author (a push's
 * pusher, a dispatch's actor; for a fork's, the maintainer who approved the job); never a bot (the token's own identity is left out when it is written).
 * Teams only of the organisation the agent's pull request is in.
 */
function askReviewers(report: JobReport, author: CheckTarget['author'], reviewers: Reviewers): AfterWrite | null {
  const pull = parsePullLink(report.job?.prLink ?? null)
  if (!pull) return null
  const { users, teams } = reviewers
  const who = [...(reviewers.author && author && !author.isBot ? [author.login] : []), ...users]
  // Logins are case-insensitive: each once, as first written.
  const people = who.filter((login, i) => !login.endsWith('[bot]') && who.findIndex((l) => l.toLowerCase() === login.toLowerCase()) === i)
  const org = pull.repository.split('/')[0]?.toLowerCase()
  const teamSlugs = teams.filter((team) => team.org === org).map((team) => team.slug)
  if (people.length === 0 && teamSlugs.length === 0) return null
  return { kind: 'ask-reviewers', pull, people, teams: teamSlugs }
}
