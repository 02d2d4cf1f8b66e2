import type { RunContext } from '../../../github/event.js'
import { statusMarker } from '../../../github/markers.js'
import type { Settings } from '../../../settings.js'
import type { GitHubAccess } from '../../../github/connection.js'
import type { AgentInputs } from '../inputs.js'
import type { Plan, Trigger } from '../plan.js'
import { DocsCheck, type DocsCheckPlaces } from './check.js'
import { checkTarget, type CheckTarget, docsEventOf, pathsVerdict, readRecord } from './facts.js'
import type { DocsEvent, PathsVerdict } from './plan.js'
import { planDocsCheck } from './plan.js'
import type { DocsRecord } from './record.js'

/**
 * The docs check of a run, planned from the event, the code pull request's record and `paths`; null when
 * it has nothing to do: no `status-context` and no `paths`, and neither a closed pull request nor a
 * `/docs skip`. A denied command and a help request are the agent plan's alone.
 */
export async function prepareDocsCheck(
  plan: Plan,
  trigger: Trigger,
  settings: Settings<AgentInputs>,
  run: RunContext,
  places: DocsCheckPlaces & { now: number }
): Promise<DocsCheck | null> {
  if (plan.kind === 'deny' || plan.kind === 'help') return null
  const command = trigger.kind === 'command' ? trigger.command : null
  const followUp = plan.kind === 'job' && plan.followUpOf !== null
  const event = docsEventOf(run.event, command, followUp, true)
  if (!event || !isActive(event, settings)) return null
  if (plan.kind === 'skip' && event.kind !== 'pull-request-closed') return null
  const facts = await gather(event, command, settings, run, places.github)
  const docsPlan = planDocsCheck({
    event,
    pull: facts.target.pull,
    record: facts.record,
    paths: facts.paths,
    statusContext: settings.docsCheck.statusContext !== null,
    dryRun: settings.dryRun,
    trigger: settings.trigger,
    now: places.now
  })
  // Without a job, the step's notice says why; with one, the log does.
  if (docsPlan.why && docsPlan.job === 'start') places.log.info(docsPlan.why)
  return new DocsCheck(docsPlan, facts.target, facts.record, facts.stickyId, settings.docsCheck, places)
}

function isActive(event: DocsEvent, settings: Settings<AgentInputs>): boolean {
  if (event.kind === 'pull-request-closed') return true
  if (event.kind === 'command' && event.ask.kind === 'skip') return true
  const { statusContext, paths } = settings.docsCheck
  return event.kind !== 'scheduled' && (statusContext !== null || paths !== null)
}

interface Gathered {
  target: CheckTarget
  record: DocsRecord | null
  stickyId: number | null
  paths: PathsVerdict
}

/** The facts, each read once; a GitHub failure leaves a fact out (one warning), never the run. */
async function gather(
  event: DocsEvent,
  command: Extract<Trigger, { kind: 'command' }>['command'] | null,
  settings: Settings<AgentInputs>,
  run: RunContext,
  github: GitHubAccess
): Promise<Gathered> {
  const api = await github.optional()
  const gathered: Gathered = { target: { pull: null, sha: null, author: null }, record: null, stickyId: null, paths: 'unset' }
  try {
    gathered.target = await checkTarget(run, command, api)
    const { record, own } = await readRecord(api, gathered.target.pull, run.event)
    gathered.record = record
    const marker = statusMarker(`${run.workflow}/${run.job}`)
    gathered.stickyId = own.filter((comment) => comment.body.includes(marker)).at(-1)?.id ?? null
    gathered.paths = await pathsVerdict(settings.docsCheck, run.event, event, gathered.target.pull, api)
  } catch (error) {
    github.trouble(error, 'The docs check goes on with what it could read.')
  }
  return gathered
}
