import * as core from '@actions/core'
import { type Clock, type Random, systemClock } from './clock.js'
import { InputError, messageOf } from './errors.js'
import { GitHubApi } from './github/api.js'
import { readRunContext } from './github/event.js'
import { DocsApiClient } from './mintlify/client.js'
import { createNodeTransport, type Transport } from './mintlify/transport.js'
import { runAgentWorkflow, type WorkflowDeps, type WorkflowResult } from './operations/agent-workflow.js'
import { runImprove } from './operations/improve.js'
import { clientSource, type HealthRun, runReport } from './operations/report.js'
import type { ExportReport, JobAction, Verdict } from './outcome.js'
import { exportAnalytics } from './operations/analytics-export.js'
import { renderExportSummary } from './report/analytics-summary.js'
import { renderHealthSummary, renderPlanSummary } from './report/health-summary.js'
import { exportOutputs, healthOutputs, jobOutputs } from './report/outputs.js'
import { renderJobSummary, renderNoticeSummary } from './report/summary.js'
import { isAnalytics, isHealth, readSettings, type Settings } from './settings.js'
import { redact } from './text.js'

/** After a cancel signal the runner kills the step 7.5 s later; we promise to be gone within 5 s. */
const CANCEL_EXIT_MS = 4_500

export interface RunDeps {
  clock: Clock
  random: Random
  transport: Transport
  env: NodeJS.ProcessEnv
}

/** The whole action: inputs → settings → operation → report. Every failure ends in one `core.setFailed`. */
export async function run(overrides: Partial<RunDeps> = {}): Promise<void> {
  const deps: RunDeps = {
    clock: systemClock,
    random: Math.random,
    env: process.env,
    ...overrides,
    transport: overrides.transport ?? createNodeTransport()
  }
  // Masked before anything else can print it, even when the key itself turns out to be invalid.
  const rawKey = core.getInput('api-key').trim()
  if (rawKey) core.setSecret(rawKey)
  const out = exitBoundary(rawKey)

  const cancel = new AbortController()
  const stopOnSignal = (signal: NodeJS.Signals): void => {
    if (cancel.signal.aborted) return
    out.warning(`Received ${signal}: the workflow is being cancelled; stopping now.`)
    cancel.abort()
    // Whatever still hangs (a slow comment update, say) must not outlive the runner's patience.
    setTimeout(() => process.exit(1), CANCEL_EXIT_MS).unref()
  }
  process.on('SIGINT', stopOnSignal)
  process.on('SIGTERM', stopOnSignal)

  try {
    // Untrimmed, so that a prompt of only whitespace can be told apart from a missing one.
    const { settings, warnings } = readSettings((name) => core.getInput(name, { trimWhitespace: false }), {
      eventName: deps.env.GITHUB_EVENT_NAME ?? '',
      workspace: deps.env.GITHUB_WORKSPACE || process.cwd(),
      now: deps.clock.now()
    })
    warnings.forEach((warning) => out.warning(warning))
    const deadline = deps.clock.now() + settings.timeoutMs
    const clientWith = (requestBudget: number | undefined): DocsApiClient =>
      new DocsApiClient({
        baseUrl: settings.baseUrl,
        apiKey: settings.apiKey,
        transport: deps.transport,
        clock: deps.clock,
        random: deps.random,
        deadline,
        signal: cancel.signal,
        requestBudget,
        onRetry: (message) => out.info(message)
      })
    // Analytics requests are paid from the organisation's hourly quota: max-requests caps them, retries included.
    // An improve job's requests are not analytics: they get a client of their own, outside that budget.
    const client = clientWith(isAnalytics(settings.operation) ? settings.maxRequests : undefined)
    if (isAnalytics(settings.operation)) {
      const exported = await exportAnalytics(
        {
          kind: settings.operation,
          projectId: settings.projectId,
          range: settings.range,
          pageSize: settings.pageSize,
          maxRequests: settings.maxRequests,
          outputFile: settings.outputFile,
          outputPath: settings.outputPath,
          dryRun: settings.dryRun
        },
        { client, clock: deps.clock, log: out, signal: cancel.signal }
      )
      return await reportExport(exported, settings.showReaderText, out)
    }
    const health = isHealth(settings.operation)
      ? await runReport(
          {
            range: settings.range,
            maxRequests: settings.maxRequests,
            dryRun: settings.dryRun,
            outputFile: settings.outputFile,
            outputPath: settings.outputPath
          },
          { source: clientSource(clientWith(settings.maxRequests), settings.projectId), now: deps.clock.now(), log: out }
        )
      : null
    if (health && (settings.operation === 'report' || health.report === null)) return await reportHealth(health, settings, out)
    const workflowDeps: WorkflowDeps = {
      client,
      clock: deps.clock,
      signal: cancel.signal,
      deadline,
      log: out,
      connectGitHub: (token, repo) =>
        GitHubApi.connect(token, repo, {
          cancel: cancel.signal,
          clock: deps.clock,
          random: deps.random,
          deadline,
          onRetry: (message) => out.info(message),
          apiUrl: deps.env.GITHUB_API_URL || 'https://api.github.com',
          clean: out.clean
        }),
      publish: (result) => publish(result, out, health)
    }
    const run = readRunContext(deps.env)
    const result = health
      ? await runImprove(health, settings, run, workflowDeps)
      : await runAgentWorkflow(settings, settings.operation as JobAction, run, workflowDeps)
    publish(result, out, health)
    await report(result, out, health, settings)
  } catch (error) {
    // Bad input (nothing was sent), or a failure no operation could report itself (the commenter's
    // permission check, say). One sentence; the stack only with debug logging on.
    if (!(error instanceof InputError)) out.debug(error instanceof Error ? (error.stack ?? error.message) : String(error))
    const message = messageOf(error)
    // A call the cancel stopped fails too; the run ends because the workflow was cancelled, not because it broke.
    out.setOutput('outcome', cancel.signal.aborted ? 'cancelled' : 'failed')
    out.setOutput('failure-reason', message)
    out.setFailed(message)
  } finally {
    process.off('SIGINT', stopOnSignal)
    process.off('SIGTERM', stopOnSignal)
  }
}

/**
 * Where text leaves the action: log, annotations, outputs, the job summary and (through `clean`) GitHub
 * request bodies. Server text had the key cut where it entered; this is the last check, on the rendered
 * text, for the key in any encoding.
 */
interface ExitBoundary {
  clean: (text: string) => string
  debug: (message: string) => void
  info: (message: string) => void
  warning: (message: string) => void
  notice: (message: string) => void
  setFailed: (message: string) => void
  setOutput: (name: string, value: string) => void
  group: <T>(name: string, body: () => Promise<T>) => Promise<T>
  summary: (markdown: string) => Promise<void>
}

function exitBoundary(apiKey: string): ExitBoundary {
  const clean = (text: string): string => redact(text, apiKey)
  return {
    clean,
    debug: (message) => core.debug(clean(message)),
    info: (message) => core.info(clean(message)),
    warning: (message) => core.warning(clean(message)),
    notice: (message) => core.notice(clean(message)),
    setFailed: (message) => core.setFailed(clean(message)),
    setOutput: (name, value) => core.setOutput(name, clean(value)),
    group: (name, body) => core.group(clean(name), body),
    summary: (markdown) => writeSummary(clean(markdown))
  }
}

/**
 * The outputs of a result. Idempotent: called before the last GitHub calls (so a cancel's forced exit or
 * a hanging GitHub cannot lose them) and again at the end, when the status comment's URL may be known.
 */
function publish(result: WorkflowResult, out: ExitBoundary, health: HealthRun | null): void {
  const outputs = result.job ? jobOutputs(result.job) : { outcome: result.verdict.outcome, 'failure-reason': result.verdict.failureReason }
  const reportOutputs = health ? healthOutputs(health) : {}
  for (const [name, value] of Object.entries({ ...reportOutputs, ...outputs, 'comment-url': result.commentUrl ?? '' }))
    out.setOutput(name, value)
}

/** Job summary and the step's ending; the outputs are already published. An improve run's summary starts with its report. */
async function report(result: WorkflowResult, out: ExitBoundary, health: HealthRun | null, settings: Settings): Promise<void> {
  const job = result.job ? renderJobSummary(result.job) : renderNoticeSummary(result.verdict)
  await out.summary(health ? `${job}\n${renderHealth(health, settings)}` : job)
  conclude(result.verdict, out)
}

async function reportHealth(health: HealthRun, settings: Settings, out: ExitBoundary): Promise<void> {
  for (const [name, value] of Object.entries(healthOutputs(health))) out.setOutput(name, value)
  await out.summary(renderHealth(health, settings))
  conclude(health.verdict, out)
}

function renderHealth(health: HealthRun, settings: Settings): string {
  return health.report
    ? renderHealthSummary(health.report, health.verdict, {
        readerText: settings.showReaderText,
        file: health.file,
        requests: health.requests
      })
    : renderPlanSummary(health.plan, health.ranges, health.verdict)
}

async function reportExport(report: ExportReport, showReaderText: boolean, out: ExitBoundary): Promise<void> {
  for (const [name, value] of Object.entries(exportOutputs(report))) out.setOutput(name, value)
  await out.summary(renderExportSummary(report, showReaderText))
  conclude(report.verdict, out)
}

/** Outside a runner (a local try-out) there is no summary file; the log already holds the result. */
async function writeSummary(markdown: string): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) return core.debug('GITHUB_STEP_SUMMARY is not set: no job summary written.')
  await core.summary.addRaw(markdown, true).write()
}

/** Ends the step as DESIGN.md's outcome table says. */
function conclude(verdict: Verdict, out: ExitBoundary): void {
  switch (verdict.result) {
    case 'success':
      return out.info(verdict.headline)
    case 'notice':
      return out.notice(verdict.headline)
    case 'warning':
      return out.warning(verdict.headline)
    case 'failure':
      return out.setFailed(verdict.failureReason)
  }
}
