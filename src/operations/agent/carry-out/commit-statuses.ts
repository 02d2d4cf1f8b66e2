import type { GitHubApi } from '../../../github/api.js'
import { pullRef, type Repo } from '../../../github/event.js'
import { parsePullLink } from '../../../mintlify/job.js'
import type { GitHubAccess } from '../../../github/connection.js'
import type { JobReport } from '../verdicts.js'
import type { CheckTarget } from '../read/docs-check-reads.js'
import type { DocsCheckInputs } from '../docs-check-inputs.js'
import type { DocsCheckPlan } from '../decide/docs-check-rules.js'
import { type CommitStatus, type DocsRecord, recordWith, renderRecord, updateRecord } from '../decide/docs-record.js'
import { type Clean, type DocsSituation, docsStatus, situationAfterJob } from '../decide/commit-status.js'

/** What the docs check writes with: GitHub on first need, the log, the run's link, the last check on text. */
export interface DocsCheckDeps {
  github: GitHubAccess
  log: { info(message: string): void }
  runUrl: string | null
  clean: Clean
}

/**
 * The docs check of one run, once planned: the commit statuses it writes (before the job, once it is
 * accepted, at its end, or instead of it), the record it keeps in the pull request's comment, the people
 * it asks to review the agent's pull request. Every GitHub failure here is one warning; the run goes on.
 */
export class DocsCheck {
  /** The state of the commit status written last: the `docs-state` output. */
  lastState: CommitStatus['state'] | null = null
  private lastStatus: CommitStatus | null

  constructor(
    readonly plan: DocsCheckPlan,
    readonly target: CheckTarget,
    readonly record: DocsRecord | null,
    /** The pull request's sticky comment among the token's own (null: none), when they were read; the status thread adopts it. */
    readonly stickyId: number | null | undefined,
    private readonly inputs: DocsCheckInputs,
    private readonly deps: DocsCheckDeps
  ) {
    this.lastStatus = record?.status ?? null
  }

  /** The status the plan writes instead of a job (or none). */
  async beforeJob(): Promise<void> {
    if (this.plan.statusNow.kind === 'write') await this.write(this.plan.statusNow.situation)
  }

  /** The job was accepted: pending, naming it. */
  async working(jobId: string): Promise<void> {
    if (this.plan.statusNow.kind === 'working') await this.write({ kind: 'working', jobId })
  }

  /** The job's end, in the words of its commit status; `started` (not waited on) stays pending. */
  async finished(report: JobReport): Promise<void> {
    const { outcome } = report.verdict
    if (this.plan.statusNow.kind !== 'working') return
    const prLink = report.job?.prLink ?? null
    const situation = situationAfterJob({
      outcome,
      reason: report.verdict.failureReason,
      prLink,
      pull: parsePullLink(prLink),
      apiError: report.job === null || (report.verdict.outcome === 'failed' && report.job.status !== 'failed')
    })
    if (situation) await this.write(situation)
  }

  /** The hidden record for the pull request's comment: the skip as planned, the job and its pull request once known. */
  recordMarker(report: JobReport | null): string {
    const updated = updateRecord(this.record, this.plan.record)
    const pull = parsePullLink(report?.job?.prLink ?? null)
    const record = recordWith(updated, {
      ...(report?.job ? { jobId: report.job.id } : {}),
      ...(pull ? { agentPull: pull } : {}),
      status: this.lastStatus
    })
    const marker = this.target.pull ? renderRecord(record) : null
    return marker ? `\n${marker}` : ''
  }

  /**
   * Asks `reviewers` to review the agent's pull request, once, when this run introduced it. `author` is the
   * code pull request's author (a push's pusher, a dispatch's actor); never a bot, nor the token's own
   * identity (a personal token's user who opened the code pull request cannot review the agent's).
   */
  async askReviewers(report: JobReport): Promise<void> {
    const pull = parsePullLink(report.job?.prLink ?? null)
    if (!pull || this.plan.dryRun) return
    const { author, users, teams } = this.inputs.reviewers
    const who = [...(author && this.target.author && !this.target.author.isBot ? [this.target.author.login] : []), ...users]
    // Logins are case-insensitive: each once, as first written.
    const people = who.filter((login, i) => !login.endsWith('[bot]') && who.findIndex((l) => l.toLowerCase() === login.toLowerCase()) === i)
    const teamSlugs = teams.filter((team) => team.org === pull.repository.split('/')[0]?.toLowerCase()).map((team) => team.slug)
    if (people.length === 0 && teamSlugs.length === 0) return
    const [owner = '', repo = ''] = pull.repository.split('/')
    const api = await this.deps.github.apiIn({ owner, repo })
    const self = people.length > 0 ? ((await api?.tokenLogin().catch(() => '')) ?? '').toLowerCase() : ''
    const logins = people.filter((login) => login.toLowerCase() !== self)
    if (logins.length === 0 && teamSlugs.length === 0) return
    try {
      await api?.requestReviewers(pull.number, { users: logins, teams: teamSlugs })
      this.deps.log.info(`Asked ${[...logins.map((l) => `@${l}`), ...teamSlugs].join(', ')} to review ${pull.repository}#${pull.number}.`)
    } catch (error) {
      this.deps.github.callFailed(error, `Nobody was asked to review ${pull.repository}#${pull.number}.`)
    }
  }

  /** The note for the agent's pull request of a closed code pull request, in its repository. */
  async tellAgentPull(): Promise<void> {
    const note = this.plan.note
    if (!note) return
    if (this.plan.dryRun) return this.deps.log.info(`Dry run: would comment on ${note.pull.repository}#${note.pull.number}: ${note.text}.`)
    const [owner = '', repo = ''] = note.pull.repository.split('/')
    const api = await this.deps.github.apiIn({ owner, repo } satisfies Repo)
    try {
      await api?.createComment(pullRef(note.pull.number), this.deps.clean(`${note.text}.`))
    } catch (error) {
      this.deps.github.callFailed(error, `${note.pull.repository}#${note.pull.number} was not told.`)
    }
  }

  /** One commit status on the run's commit; a dry run shows it instead. */
  private async write(situation: DocsSituation): Promise<void> {
    const context = this.inputs.statusContext
    const sha = this.target.sha
    if (!context || !sha) return
    const status = docsStatus(situation, this.deps.runUrl, this.deps.clean)
    const words = `${context} status of ${sha.slice(0, 7)}: ${status.state}, "${status.description}"`
    if (this.plan.dryRun) return this.deps.log.info(`Dry run: would set the ${words}.`)
    const api: GitHubApi | null = await this.deps.github.apiOrNull()
    if (!api) return
    try {
      await api.createCommitStatus(sha, { ...status, context })
      this.lastState = status.state
      this.lastStatus = status
      this.deps.log.info(`Set the ${words}.`)
    } catch (error) {
      this.deps.github.callFailed(error, 'The docs check stays as it was on this commit.')
    }
  }
}
