import type { RunContext } from '../../../github/event.js'
import { stickyMarker } from '../../../github/markers.js'
import type { Settings } from '../../../settings.js'
import type { GitHubAccess } from '../../../github/connection.js'
import type { CommentRecords } from '../comment-records.js'
import type { AgentInputs } from '../inputs.js'
import type { Plan, EventAsk } from '../decide/run-plan.js'
import { DocsCheck, type DocsCheckDeps } from '../carry-out/commit-statuses.js'
import { checkTarget, type CheckTarget, docsEventOf, pathsVerdict, fetchDocsRecord } from './docs-check-reads.js'
import type { DocsEvent, PathsVerdict } from '../decide/docs-check-rules.js'
import { planDocsCheck } from '../decide/docs-check-rules.js'
import type { DocsRecord } from '../decide/docs-record.js'
import type { IssueComment } from '../../../github/api.js'

/** What the run already read before the gate decided (a command's pull request, a fork's record): not read twice. */
export interface ReadBeforeGate {
  target?: CheckTarget
  record?: { record: DocsRecord | null; own: IssueComment[] }
}

/**
 * The docs check of a run, planned from the event, the gate's decision, the code pull request's record
 * and `paths`; null when it has nothing to do: a refused command, a request for help, an event it does not
 * follow (a push without `status-context` or `paths`), or a skip that is not a closed pull request.
 */
export async function prepareDocsCheck(
  plan: Plan,
  asked: EventAsk,
  settings: Settings<AgentInputs>,
  run: RunContext,
  checkDeps: DocsCheckDeps & { now: number; records: CommentRecords },
  before: ReadBeforeGate
): Promise<DocsCheck | null> {
  if (plan.kind === 'deny' || plan.kind === 'help') return null
  const command = asked.kind === 'command' ? asked.command : null
  const followUp = plan.kind === 'job' && plan.followUpOf !== null
  const event = docsEventOf(run.event, command, followUp)
  if (!event || !isActive(event, settings, plan)) return null
  if (plan.kind === 'skip' && event.kind !== 'pull-request-closed') return null
  const facts = await gather(event, command, settings, run, checkDeps.github, checkDeps.records, before)
  const docsPlan = planDocsCheck({
    event,
    gate: plan.kind === 'wait' ? { kind: 'wait', commanded: plan.commanded } : { kind: 'steer' },
    head: facts.target.sha,
    pull: facts.target.pull,
    record: facts.record,
    paths: facts.paths,
    statusContext: settings.docsCheck.statusContext !== null,
    dryRun: settings.dryRun,
    trigger: settings.trigger,
    now: checkDeps.now
  })
  // Without a job, the step's notice says why; with one, the log does.
  if (docsPlan.why && docsPlan.job === 'start') checkDeps.log.info(docsPlan.why)
  return new DocsCheck(docsPlan, facts.target, facts.record, facts.stickyId, settings.docsCheck, checkDeps)
}

/**
 * Whether the docs check reads and writes anything this run. Always for a closed pull request, a fork's
 * waiting for a maintainer, a `/docs skip`, a command on a code pull request (it clears a skip) and a
 * dispatch (it asks its actor to review, and reads nothing); a pull-request event wherever a skip could
 * have been recorded (with `comment`, or the docs-check inputs): the skip holds with or without
 * `status-context`. A push, and a command on the agent's pull request or an issue, only with
 * `status-context` or `paths` (finding a push's pull request costs a look-up).
 */
function isActive(event: DocsEvent, settings: Settings<AgentInputs>, plan: Plan): boolean {
  const { statusContext, paths } = settings.docsCheck
  const inputs = statusContext !== null || paths !== null
  switch (event.kind) {
    case 'pull-request-closed':
    case 'scheduled':
      return true
    case 'pull-request':
      return inputs || settings.comment || plan.kind === 'wait'
    case 'push':
      return inputs
    case 'command':
    case 'label':
      return inputs || event.on === 'code-pull' || (event.kind === 'command' && event.ask.kind === 'skip')
  }
}

interface Gathered {
  target: CheckTarget
  record: DocsRecord | null
  /** Undefined when the token's own comments could not be read. */
  stickyId: number | null | undefined
  paths: PathsVerdict
}

/** The facts, each read once (or taken from what the gate's read found); a GitHub failure leaves a fact out (one warning), never the run. */
async function gather(
  event: DocsEvent,
  command: Extract<EventAsk, { kind: 'command' }>['command'] | null,
  settings: Settings<AgentInputs>,
  run: RunContext,
  github: GitHubAccess,
  records: CommentRecords,
  before: ReadBeforeGate
): Promise<Gathered> {
  const gathered: Gathered = {
    target: before.target ?? { pull: null, sha: null, author: null },
    record: null,
    stickyId: undefined,
    paths: 'unset'
  }
  if (event.kind === 'scheduled') return { ...gathered, target: await checkTarget(run, command, null) }
  const api = await github.apiOrNull()
  try {
    gathered.target = before.target ?? (await checkTarget(run, command, api))
    const { record, own } = before.record ?? (await fetchDocsRecord(api, gathered.target.pull, records, run.event))
    gathered.record = record
    const marker = stickyMarker(`${run.workflow}/${run.job}`)
    gathered.stickyId = own.filter((comment) => comment.body.includes(marker)).at(-1)?.id ?? null
    gathered.paths = await pathsVerdict(settings.docsCheck, run.event, event, gathered.target.pull, api)
  } catch (error) {
    github.callFailed(error, 'The docs check goes on with what it could read.')
  }
  return gathered
}
