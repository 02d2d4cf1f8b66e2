import type { Clock } from '../../../clock.js'
import type { DocsApiClient } from '../../../mintlify/client.js'
import type { AgentJob } from '../../../mintlify/job.js'
import { judgeStartFailure, type Verdict } from '../../../outcome.js'
import { OverBudget } from '../../../spend/over-budget.js'
import { waitForJob, type WaitLog } from '../../../wait.js'
import { type JobAction, type JobReport, judgeJob } from '../verdicts.js'

export interface AgentJobRequest {
  action: JobAction
  projectId: string
  /** The follow-up's job; unused for a new job. */
  jobId: string
  prompt: string
  promptSource: string
  /** Appended to the prompt, or '': a new job's change notes, or (`group-runs`) the changes a follow-up brings. */
  changeNotes: string
  wait: boolean
  timeoutMs: number
  pollIntervalMs: number
  /** Epoch ms when waiting must end: run start + timeout. */
  deadline: number
  runUrl: string | null
}

export interface AgentJobDeps {
  client: DocsApiClient
  clock: Clock
  signal: AbortSignal
  log: WaitLog & { group<T>(name: string, body: () => Promise<T>): Promise<T> }
  /** Told as soon as the API accepted the job, before waiting (the status comment says "working"). */
  onAccepted?: (job: AgentJob) => Promise<void>
}

/** Creates a job (or sends a follow-up), waits for it when asked, and judges the result. */
export async function runAgentJob(request: AgentJobRequest, deps: AgentJobDeps): Promise<JobReport> {
  const { client, clock, signal, log } = deps
  const started = clock.now()
  const report = (verdict: Verdict, job: AgentJob | null, polls: number, waited: boolean): JobReport => ({
    action: request.action,
    verdict,
    job,
    prompt: request.prompt,
    promptSource: request.promptSource,
    changeNotes: request.changeNotes,
    waited,
    durationMs: clock.now() - started,
    polls,
    runUrl: request.runUrl
  })

  let accepted: AgentJob
  try {
    accepted = await send(request, client, log)
  } catch (error) {
    const refused = report(judgeStartFailure(error, signal.aborted), null, 0, false)
    return error instanceof OverBudget ? { ...refused, refusal: error } : refused
  }
  // A record without an id still belongs to the job we addressed.
  if (!accepted.id && request.action === 'message') accepted = { ...accepted, id: request.jobId }
  log.info(`Accepted: job ${accepted.id ?? '(no id in the response)'} is ${accepted.status ?? 'without status'}.`)
  await deps.onAccepted?.(accepted)

  if (!request.wait) return report(judgeJob(null, accepted, request.timeoutMs, request.action), accepted, 0, false)
  const jobId = accepted.id
  if (!jobId) {
    const verdict = judgeStartFailure(
      'The API accepted the request but its response carries no job id, so the job cannot be followed; check the agent jobs in the Mintlify dashboard.',
      false
    )
    return report(verdict, accepted, 0, false)
  }

  const result = await log.group(`Waiting for job ${jobId}`, () =>
    waitForJob(() => client.getJob(request.projectId, jobId), accepted, {
      clock,
      deadline: request.deadline,
      pollIntervalMs: request.pollIntervalMs,
      signal,
      log,
      awaitRestart: request.action === 'message'
    })
  )
  return report(judgeJob(result, accepted, request.timeoutMs, request.action), result.record, result.polls, true)
}

/** The one request that starts the work: a new job, or the follow-up message, its prompt with the change notes appended. */
function send(request: AgentJobRequest, client: DocsApiClient, log: AgentJobDeps['log']): Promise<AgentJob> {
  const notes = request.changeNotes ? `, plus a ${request.changeNotes.length}-character context block` : ''
  const prompt = request.changeNotes ? `${request.prompt}\n\n${request.changeNotes}` : request.prompt
  const from = `prompt from ${request.promptSource}, ${request.prompt.length} characters${notes}`
  if (request.action === 'job') {
    log.info(`Creating an agent job in project ${request.projectId} (${from}).`)
    return client.createJob(request.projectId, prompt)
  }
  log.info(`Sending a follow-up message to job ${request.jobId} (${from}).`)
  return client.sendMessage(request.projectId, request.jobId, prompt)
}
