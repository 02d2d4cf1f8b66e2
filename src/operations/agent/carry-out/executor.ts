import type { RunContext } from '../../../github/event.js'
import { gitHubAccess } from '../../../github/connection.js'
import type { Settings } from '../../../settings.js'
import { judgeSteering } from '../../../trust/gate.js'
import { CommentRecords } from '../comment-records.js'
import { decideRun, type RunPlan } from '../decide/before-job.js'
import type { LabelRemoval } from '../decide/run-plan.js'
import type { AgentInputs } from '../inputs.js'
import type { RunMeans, WorkflowDeps, WorkflowResult } from '../means.js'
import { readEventAsk } from '../read/event-ask.js'
import { readGateFacts } from '../read/gate-facts.js'
import { readPlanFacts } from '../read/plan-facts.js'
import type { JobAction } from '../verdicts.js'
import { carryOutJob } from './job.js'
import { carryOutWrite } from './writes.js'
import type { Written } from './written.js'

/**
 * An agent job or follow-up in the workflow it runs in, in three visible steps. Read: what the event asks,
 * then only what the trust gate needs (read/gate-facts.ts), then, for a run the gate lets through, what
 * the plan needs (read/plan-facts.ts). Decide: one pure plan of every write in order (decide/before-job.ts).
 * Carry out: the writes, the job, and what its end decides (decide/after-job.ts).
 */
export async function runAgentWorkflow(
  settings: Settings<AgentInputs>,
  action: JobAction,
  run: RunContext,
  deps: WorkflowDeps
): Promise<WorkflowResult> {
  const github = gitHubAccess({
    token: settings.githubToken,
    repo: run.repo,
    connect: deps.connectGitHub,
    log: deps.log,
    without: 'no pull-request comments and no pull-request context'
  })
  const means: RunMeans = { ...deps, settings, run, github, records: new CommentRecords(settings.apiKey, deps.log, deps.clock) }
  const asked = readEventAsk(run.event, settings, action)
  // The trust gate: who steers this run, and whether they may (src/trust/gate.ts), before anything is sent.
  const gateFacts = await readGateFacts(asked, means)
  const gate = judgeSteering(gateFacts.steerer, settings, gateFacts.reading, 'agent')
  const plan = decideRun(await readPlanFacts(gateFacts, gate, means), settings)
  try {
    return await carryOut(plan, means)
  } finally {
    // Whatever the outcome, so that adding the label again runs again (a cancelled run included: it is quick).
    if (plan.removeLabel) await removeLabel(plan.removeLabel, means)
  }
}

/** The plan's writes in order, then its job (which carries out what its end decides), or its end. */
async function carryOut(plan: RunPlan, means: RunMeans): Promise<WorkflowResult> {
  const written: Written = { status: plan.docs?.facts.record?.status ?? null, state: null, thread: null }
  for (const write of plan.before) await carryOutWrite({ write, plan, written }, means)
  if (plan.job) return carryOutJob(plan, plan.job, written, means)
  return {
    verdict: plan.end,
    job: null,
    commentUrl: written.thread?.url ?? null,
    ...(plan.docs ? { docsState: written.state } : {})
  }
}

/** The label goes, or one warning says it stays (and why); the run's result does not change. */
async function removeLabel(label: LabelRemoval, { github }: RunMeans): Promise<void> {
  const api = await github.apiOrNull()
  if (!api) return
  try {
    await api.removeLabel(label.on, label.name)
  } catch (error) {
    github.callFailed(error, `The label ${label.name} stays on #${label.on.number}: remove it before adding it again.`)
  }
}
