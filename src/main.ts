import * as core from '@actions/core'
import { type Clock, type Random, systemClock, type Timer } from './clock.js'
import { InputError, inputErrorsOf, messageOf } from './errors.js'
import { failureSummary, troubleshootingLine } from './failure-summary.js'
import { type InputReader, readAllowedBots } from './inputs.js'
import type { GitHubEvent } from './github/event.js'
import { readRunContext } from './github/run-context.js'
import { DocsApiClient } from './mintlify/client.js'
import { CreditsExhausted } from './mintlify/errors.js'
import { SearchClient } from './mintlify/search.js'
import { createNodeTransport, type Transport } from './mintlify/transport.js'
import type { OperationDeps } from './operations/operation.js'
import { readOperation, type ReadyOperation } from './operations/registry.js'
import { summaryHeading } from './markdown.js'
import { judgeOverBudget, type OperationResult, resultOutputs, type Verdict } from './outcome.js'
import type { CommonSettings } from './settings.js'
import { NO_SPEND_LIMIT, type RunSpend, runSpendOf } from './spend/agent-spend.js'
import { OverBudget } from './spend/over-budget.js'
import { settleRunSpend } from './spend/settle.js'
import type { SubActionName } from './sub-action-names.js'
import { subActionStep, type SubActionStep } from './sub-action-input.js'
import { cutSecrets } from './redaction.js'
import { logLine } from './text.js'
import { judgeSteering, whoSteers } from './trust/gate.js'

/** After a cancel signal the runner kills the step 7.5 s later; we promise to be gone within 5 s. */
const CANCEL_EXIT_MS = 4_500

export interface RunDeps {
  clock: Clock
  random: Random
  /** The docs API's HTTP. */
  transport: Transport
  env: NodeJS.ProcessEnv
  /** GitHub's HTTP and the timer of its requests' time limits; default the toolkit's fetch and the system timer. */
  gitHubFetch?: typeof globalThis.fetch
  timer?: Timer
  /** The sub-action the step runs (its folder's entry): its operation, and only its inputs. Absent: the root action. */
  subAction?: SubActionName
}

/** The whole action: inputs → settings → operation (its row in the registry) → report. Every failure ends in one `core.setFailed`. */
export async function run(overrides: Partial<RunDeps> = {}): Promise<void> {
  const deps: RunDeps = {
    clock: systemClock,
    random: Math.random,
    env: process.env,
    ...overrides,
    transport: overrides.transport ?? createNodeTransport()
  }
  const step = stepOf(deps)
  const { input } = step
  // Masked before anything else can print them, even when a key itself turns out to be invalid.
  const rawKey = input('api-key').trim()
  const secrets = [rawKey, input('assistant-key').trim(), input('spend-token').trim()].filter(Boolean)
  secrets.forEach((secret) => core.setSecret(secret))
  const out = exitBoundary(secrets)
  if (step.ignored) out.warning(step.ignored)

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
    if (step.problem) throw step.problem
    // `gate` needs no key: it answers an outsider's run itself (its `steer` output).
    const gate = input('operation').trim().toLowerCase() === 'gate'
    if (!rawKey && !gate && outsiderWithoutSecrets(readRunContext(deps.env).event, input, out)) return
    const operation = readInputs(deps, input, out)
    const means = operationDeps(operation.settings, deps, cancel.signal, out)
    const result = await settleRunSpend(await operation.run(means), means.spend, { dryRun: operation.settings.dryRun, warn: out.warning })
    publish(result, out)
    // A failure's summary, the operation's own, ends with the troubleshooting page as every failure's does.
    await out.summary(result.verdict.result === 'failure' ? `${result.summary}\n\n${troubleshootingLine(deps.env)}\n` : result.summary)
    conclude(result.verdict, out)
  } catch (error) {
    if (error instanceof CreditsExhausted || error instanceof OverBudget) await overBudget(error, out)
    else await fail(error, cancel.signal.aborted ? 'cancelled' : 'failed', { env: deps.env, input }, out)
  } finally {
    process.off('SIGINT', stopOnSignal)
    process.off('SIGTERM', stopOnSignal)
  }
}

/**
 * Bad input (nothing was sent; every input error, one annotation each), or a failure no operation could
 * report itself (the commenter's permission check, say): one sentence each, the stack only with debug
 * logging on, and a short job summary. A call the cancel stopped fails too, as `cancelled`.
 */
async function fail(
  error: unknown,
  outcome: 'failed' | 'cancelled',
  { env, input }: { env: NodeJS.ProcessEnv; input: InputReader },
  out: ExitBoundary
): Promise<void> {
  if (!(error instanceof InputError)) out.debug(error instanceof Error ? (error.stack ?? error.message) : String(error))
  const errors = error instanceof InputError ? inputErrorsOf(error) : [error]
  const messages = errors.map(messageOf)
  out.setOutput('outcome', outcome)
  out.setOutput('failure-reason', messages.join(' '))
  messages.slice(0, -1).forEach((message) => out.error(message))
  out.setFailed(messages.at(-1) ?? '')
  const badInputs = errors.flatMap((one) => (one instanceof InputError ? [one.input] : []))
  try {
    await out.summary(failureSummary({ messages, outcome, badInputs, input, env }))
  } catch (summaryError) {
    out.debug(`No job summary written: ${messageOf(summaryError)}`)
  }
}

/** A 402 or a spend-limit refusal that no operation judged itself: the run ends over budget all the same, a warning and no failure. */
async function overBudget(error: CreditsExhausted | OverBudget, out: ExitBoundary): Promise<void> {
  const verdict = judgeOverBudget(error.message)
  out.setOutput('outcome', verdict.outcome)
  out.setOutput('failure-reason', verdict.failureReason)
  await out.summary(summaryHeading('Docs agent: over-budget', verdict).join('\n'))
  conclude(verdict, out)
}

/**
 * Where text leaves the action: log, annotations, outputs, the job summary and (through `clean`) GitHub
 * request bodies. Server text had the key cut where it entered; this is the last check, on the rendered
 * text, for either key (the API key, the assistant key) in any encoding. Every message the log shows is one line that cannot pass for a
 * workflow command (`logLine`), whatever text from outside it holds: this is the one place that holds it.
 */
interface ExitBoundary {
  clean: (text: string) => string
  /** A secret learned during the run, cut from everything from now on but `output` (see OperationDeps.mask). */
  mask: (secret: string, output?: string) => void
  debug: (message: string) => void
  info: (message: string) => void
  warning: (message: string) => void
  notice: (message: string) => void
  error: (message: string) => void
  setFailed: (message: string) => void
  setOutput: (name: string, value: string) => void
  group: <T>(name: string, body: () => Promise<T>) => Promise<T>
  summary: (markdown: string) => Promise<void>
}

function exitBoundary(secrets: readonly string[]): ExitBoundary {
  const learned: { secret: string; output: string | null }[] = []
  // A learned secret is a link or its signature: cut whole, as a run of a link is any link of its host.
  const cutFor = (output: string | null) => (text: string) =>
    cutSecrets(text, {
      keys: secrets,
      whole: learned.filter((entry) => output === null || entry.output !== output).map((entry) => entry.secret)
    })
  const clean = (text: string): string => cutFor(null)(text)
  const line = (text: string): string => logLine(clean(text))
  return {
    clean,
    mask: (secret, output) => {
      if (!secret) return
      core.setSecret(secret)
      learned.push({ secret, output: output ?? null })
    },
    // A stack trace keeps its lines, each a debug line of its own.
    debug: (message) => message.split(/\r\n|\n/).forEach((part) => core.debug(line(part))),
    info: (message) => core.info(line(message)),
    warning: (message) => core.warning(line(message)),
    notice: (message) => core.notice(line(message)),
    error: (message) => core.error(line(message)),
    setFailed: (message) => core.setFailed(line(message)),
    setOutput: (name, value) => core.setOutput(name, cutFor(name)(value)),
    group: (name, body) => core.group(line(name), body),
    summary: (markdown) => writeSummary(clean(markdown))
  }
}

/**
 * Under `pull_request` a fork's run gets no secrets, and neither does a Dependabot pull request's, so no
 * key: the trust gate would stop either anyway (an outsider's pull request starts nothing by itself), so it
 * ends `skipped` with the gate's notice instead of failing on the empty `api-key`. Decided from the event
 * and `allowed-bots` alone: a person's pull request of this repository needs a role read, and its run has
 * the secrets.
 */
function outsiderWithoutSecrets(event: GitHubEvent, input: InputReader, out: ExitBoundary): boolean {
  const steerer = whoSteers(event)
  if (steerer.kind !== 'pull-author' || !(steerer.fork || steerer.actor.isBot)) return false
  let allowedBots: string[] | '*'
  try {
    allowedBots = readAllowedBots(input('allowed-bots'))
  } catch {
    return false // The input itself is wrong: reading the inputs says so.
  }
  const decision = judgeSteering(steerer, { minPermission: 'write', allowedBots }, { role: null, pull: null, shown: [] }, 'agent')
  if (decision.kind !== 'wait-for-maintainer') return false
  const trigger = input('trigger').trim() || '/docs'
  const why = `Waiting for a maintainer: ${trigger} to document it, ${trigger} skip if it needs none. ${decision.why} Its workflow run gets no secrets, and the api-key input is empty.`
  out.setOutput('outcome', 'skipped')
  out.setOutput('failure-reason', '')
  out.notice(why)
  return true
}

/**
 * The step's inputs as the runner passes them, untrimmed (a prompt of only whitespace is told apart from a
 * missing one); a sub-action's through its own reader (sub-action-input.ts).
 */
function stepOf(deps: RunDeps): SubActionStep {
  const input: InputReader = (name) => core.getInput(name, { trimWhitespace: false })
  return deps.subAction ? subActionStep(deps.subAction, input, deps.env) : { input, ignored: null, problem: null }
}

/** Every input, read once into the operation's settings; a warning for each valid but suspicious value. */
function readInputs(deps: RunDeps, input: InputReader, out: ExitBoundary): ReadyOperation {
  const { operation, warnings } = readOperation(input, {
    eventName: deps.env.GITHUB_EVENT_NAME ?? '',
    workspace: deps.env.GITHUB_WORKSPACE || process.cwd(),
    now: deps.clock.now(),
    subAction: deps.subAction
  })
  warnings.forEach((warning) => out.warning(warning))
  return operation
}

/**
 * What every operation gets: the docs API and GitHub on the run's deadline and cancel signal, the log, the
 * outputs; and the run's spend limit, which every docs API client claims through (one per run, for its count).
 */
function operationDeps(
  settings: CommonSettings,
  deps: RunDeps,
  signal: AbortSignal,
  out: ExitBoundary
): OperationDeps & { spend: RunSpend | null } {
  const deadline = deps.clock.now() + settings.timeoutMs
  const sending = { transport: deps.transport, clock: deps.clock, random: deps.random, deadline, signal }
  const run = readRunContext(deps.env)
  // GitHub's calls are loaded with Octokit, by the first run that talks to GitHub.
  const connectGitHub: OperationDeps['connectGitHub'] = async (token, repo) =>
    (await import('./github/api.js')).GitHubApi.connect(token, repo, {
      cancel: signal,
      clock: deps.clock,
      random: deps.random,
      deadline,
      onRetry: (message) => out.info(message),
      apiUrl: deps.env.GITHUB_API_URL || 'https://api.github.com',
      clean: out.clean,
      fetch: deps.gitHubFetch,
      timer: deps.timer
    })
  const spend = runSpendOf(settings.spend, { repo: run.repo, connectGitHub, now: () => deps.clock.now(), warn: out.warning })
  const client = { ...sending, baseUrl: settings.baseUrl, apiKey: settings.apiKey, onRetry: out.info, clean: out.clean }
  return {
    clock: deps.clock,
    signal,
    deadline,
    log: out,
    run,
    spend,
    client: (requestBudget) => new DocsApiClient({ ...client, requestBudget }, spend ?? NO_SPEND_LIMIT),
    // The assistant key goes to this client only, and the API key never does.
    searchClient: (assistantKey) =>
      new SearchClient({ ...sending, baseUrl: settings.baseUrl, assistantKey, onRetry: (message) => out.info(message) }),
    connectGitHub,
    publish: (outputs) => Object.entries(outputs).forEach(([name, value]) => out.setOutput(name, value)),
    mask: out.mask,
    ...(spend ? { spendLook: (previous: boolean) => spend.look(previous) } : {})
  }
}

/**
 * The outputs of a result. Operations publish theirs early as well (before their last GitHub calls); this
 * sets them all once more at the end, when the status comment's URL is known.
 */
function publish(result: OperationResult, out: ExitBoundary): void {
  for (const [name, value] of Object.entries(resultOutputs(result))) out.setOutput(name, value)
}

/** Outside a runner (a local try-out) there is no summary file; the log already holds the result. */
async function writeSummary(markdown: string): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) return core.debug('GITHUB_STEP_SUMMARY is not set: no job summary written.')
  await core.summary.addRaw(markdown, true).write()
}

/** Ends the step by the verdict's result: success logs, notice and warning annotate, failure fails the step. */
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
