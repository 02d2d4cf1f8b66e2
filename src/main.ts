import * as core from '@actions/core'
import { type Clock, type Random, systemClock } from './clock.js'
import { InputError, messageOf } from './errors.js'
import { GitHubApi } from './github/api.js'
import { readRunContext } from './github/event.js'
import { DocsApiClient } from './mintlify/client.js'
import { createNodeTransport, type Transport } from './mintlify/transport.js'
import { runAgentWorkflow, type WorkflowResult } from './operations/agent-workflow.js'
import type { ExportReport, Verdict } from './outcome.js'
import { exportAnalytics } from './operations/analytics-export.js'
import { renderExportSummary } from './report/analytics-summary.js'
import { exportOutputs, jobOutputs } from './report/outputs.js'
import { renderJobSummary, renderNoticeSummary } from './report/summary.js'
import { isAnalytics, readSettings } from './settings.js'
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

  const cancel = new AbortController()
  const stopOnSignal = (signal: NodeJS.Signals): void => {
    if (cancel.signal.aborted) return
    core.warning(`Received ${signal}: the workflow is being cancelled; stopping now.`)
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
    warnings.forEach((warning) => core.warning(warning))
    const deadline = deps.clock.now() + settings.timeoutMs
    const client = new DocsApiClient({
      baseUrl: settings.baseUrl,
      apiKey: settings.apiKey,
      transport: deps.transport,
      clock: deps.clock,
      random: deps.random,
      deadline,
      signal: cancel.signal,
      // Analytics requests are paid from the organisation's hourly quota: max-requests caps them, retries included.
      requestBudget: isAnalytics(settings.operation) ? settings.maxRequests : undefined,
      onRetry: (message) => core.info(message)
    })
    if (isAnalytics(settings.operation)) {
      const exported = await exportAnalytics(
        {
          kind: settings.operation,
          projectId: settings.projectId,
          range: settings.range,
          pageSize: settings.pageSize,
          maxRequests: settings.maxRequests,
          outputFile: settings.outputFile,
          outputPath: settings.outputPath
        },
        { client, clock: deps.clock, log: { info: core.info, warning: core.warning }, signal: cancel.signal }
      )
      return await reportExport(exported, settings.apiKey)
    }
    const result = await runAgentWorkflow(settings, settings.operation, readRunContext(deps.env), {
      client,
      clock: deps.clock,
      signal: cancel.signal,
      deadline,
      log: { info: core.info, warning: core.warning, group: core.group },
      connectGitHub: (token, repo) =>
        GitHubApi.connect(token, repo, {
          cancel: cancel.signal,
          clock: deps.clock,
          random: deps.random,
          deadline,
          onRetry: (message) => core.info(message)
        }),
      publish: (result) => publish(result, settings.apiKey)
    })
    publish(result, settings.apiKey)
    await report(result, settings.apiKey)
  } catch (error) {
    // Bad input (nothing was sent), or a failure no operation could report itself (the commenter's
    // permission check, say). One sentence; the stack only with debug logging on.
    if (!(error instanceof InputError)) core.debug(error instanceof Error ? (error.stack ?? error.message) : String(error))
    const message = redact(messageOf(error), rawKey)
    // A call the cancel stopped fails too; the run ends because the workflow was cancelled, not because it broke.
    core.setOutput('outcome', cancel.signal.aborted ? 'cancelled' : 'failed')
    core.setOutput('failure-reason', message)
    core.setFailed(message)
  } finally {
    process.off('SIGINT', stopOnSignal)
    process.off('SIGTERM', stopOnSignal)
  }
}

/**
 * The outputs of a result. Idempotent: called before the last GitHub calls (so a cancel's forced exit or
 * a hanging GitHub cannot lose them) and again at the end, when the status comment's URL may be known.
 * Everything passes through `redact`: the key never leaves.
 */
function publish(result: WorkflowResult, apiKey: string): void {
  const outputs = result.job ? jobOutputs(result.job) : { outcome: result.verdict.outcome, 'failure-reason': result.verdict.failureReason }
  for (const [name, value] of Object.entries({ ...outputs, 'comment-url': result.commentUrl ?? '' }))
    core.setOutput(name, redact(value, apiKey))
}

/** Job summary and the step's ending; the outputs are already published. */
async function report(result: WorkflowResult, apiKey: string): Promise<void> {
  await writeSummary(redact(result.job ? renderJobSummary(result.job) : renderNoticeSummary(result.verdict), apiKey))
  conclude(result.verdict)
}

async function reportExport(report: ExportReport, apiKey: string): Promise<void> {
  for (const [name, value] of Object.entries(exportOutputs(report))) core.setOutput(name, redact(value, apiKey))
  await writeSummary(redact(renderExportSummary(report), apiKey))
  conclude(report.verdict)
}

/** Outside a runner (a local try-out) there is no summary file; the log already holds the result. */
async function writeSummary(markdown: string): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) return core.debug('GITHUB_STEP_SUMMARY is not set: no job summary written.')
  await core.summary.addRaw(markdown, true).write()
}

/** Ends the step as DESIGN.md's outcome table says. */
function conclude(verdict: Verdict): void {
  switch (verdict.result) {
    case 'success':
      return core.info(verdict.headline)
    case 'notice':
      return core.notice(verdict.headline)
    case 'warning':
      return core.warning(verdict.headline)
    case 'failure':
      return core.setFailed(verdict.failureReason)
  }
}
