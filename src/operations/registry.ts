import type { InputReader, RunEnvironment } from '../inputs.js'
import type { PagedEndpoint } from '../mintlify/paging.js'
import type { OperationResult } from '../outcome.js'
import { collectInputErrors } from '../errors.js'
import { type CommonSettings, type InputsReader, type Operation, OPERATIONS, readCommonSettings, type Settings } from '../settings.js'
import { type AgentInputs, readAgentInputs } from './agent/inputs.js'
import { runAgentOperation } from './agent/run.js'
import { type ExportInputs, readExportInputs } from './analytics/inputs.js'
import { type AutomationInputs, readAutomationInputs } from './automation/inputs.js'
import { type DeployInputs, type PreviewInputs, readDeployInputs, readPreviewInputs } from './deployments/inputs.js'
import { type HealthInputs, type ImproveInputs, readHealthInputs, readImproveInputs } from './docs-health/inputs.js'
import type { OperationDeps, RunOperation } from './operation.js'
import { steered } from './steering.js'
import { readStaticExportInputs, type StaticExportInputs } from './static-export/inputs.js'
import { readSweepInputs, type SweepInputs } from './sweep/inputs.js'
import { readTranslationsInputs, type TranslationsInputs } from './translations/inputs.js'

/** Each operation's own inputs, by its `operation` input. */
interface InputsByOperation {
  job: AgentInputs
  message: AgentInputs
  visitors: ExportInputs
  views: ExportInputs
  feedback: ExportInputs
  searches: ExportInputs
  assistant: ExportInputs
  report: HealthInputs
  improve: ImproveInputs
  deploy: DeployInputs
  preview: PreviewInputs
  automation: AutomationInputs
  'static-export': StaticExportInputs
  sweep: SweepInputs
  translations: TranslationsInputs
  /** `gate` has no inputs of its own: the common ones say who may steer. */
  gate: object
}

/** One row of the registry: how the operation reads its own inputs, and how it runs on them. */
export interface OperationEntry<Inputs extends object> {
  inputs: InputsReader<Inputs>
  run: RunOperation<Inputs>
}

/**
 * Every operation, by its `operation` input: adding one is one family folder and one row here. Each passes
 * the trust gate (src/trust/gate.ts) before its first request: `job` and `message` inside the agent
 * workflow, which answers commands itself; `gate` answers with it; every other through `steered`.
 * The inputs are read by code every run holds, so that bad input is told before any request; each run but
 * the agent's is loaded as it starts (a chunk of its own in dist/), so a run parses only its family's code.
 */
const REGISTRY: { [O in Operation]: OperationEntry<InputsByOperation[O]> } = {
  job: { inputs: readAgentInputs('job'), run: runJobOperation },
  message: { inputs: readAgentInputs('message'), run: (settings, deps) => runAgentOperation(settings, 'message', deps) },
  visitors: { inputs: readExportInputs('visitors'), run: steered(exportRun('visitors')) },
  views: { inputs: readExportInputs('views'), run: steered(exportRun('views')) },
  feedback: { inputs: readExportInputs('feedback'), run: steered(exportRun('feedback')) },
  searches: { inputs: readExportInputs('searches'), run: steered(exportRun('searches')) },
  assistant: { inputs: readExportInputs('assistant'), run: steered(exportRun('assistant')) },
  report: {
    inputs: readHealthInputs('report'),
    run: steered(loaded(async () => (await import('./docs-health/run.js')).runDocsHealthOperation))
  },
  improve: { inputs: readImproveInputs, run: steered(loaded(async () => (await import('./docs-health/improve.js')).runImproveOperation)) },
  deploy: { inputs: readDeployInputs, run: steered(loaded(async () => (await import('./deployments/run.js')).runDeploy)) },
  preview: { inputs: readPreviewInputs, run: steered(loaded(async () => (await import('./deployments/run.js')).runPreview)) },
  automation: {
    inputs: readAutomationInputs,
    run: steered(loaded(async () => (await import('./automation/run.js')).runAutomationOperation))
  },
  // Steered as `deploy` is: the admin key only, nothing written to GitHub.
  'static-export': {
    inputs: readStaticExportInputs,
    run: steered(loaded(async () => (await import('./static-export/run.js')).runStaticExport))
  },
  // Its own chunk, loaded by a sweep only; under a comment, review or label the gate skips it.
  sweep: { inputs: readSweepInputs, run: steered(loaded(async () => (await import('./sweep/run.js')).runSweep)) },
  // Its own chunk: the checkout's history read through git, no network for the report.
  translations: {
    inputs: readTranslationsInputs,
    run: steered(loaded(async () => (await import('./translations/run.js')).runTranslations))
  },
  // The gate itself, answered as the `steer` output: it never refuses, so nothing is wrapped around it.
  gate: { inputs: () => ({}), run: loaded(async () => (await import('./gate/run.js')).runGate) }
}

/** A run whose code is imported when it starts: ncc makes each imported family a chunk of dist/ that no other run parses. */
function loaded<Inputs extends object>(load: () => Promise<RunOperation<Inputs>>): RunOperation<Inputs> {
  return async (settings, deps) => (await load())(settings, deps)
}

/** An analytics export of `kind`, loaded as it starts. */
function exportRun(kind: PagedEndpoint): RunOperation<ExportInputs> {
  return loaded(async () => (await import('./analytics/export.js')).exportOperation(kind))
}

/**
 * `job`: the agent workflow; under a check event, the failing checks of the agent's own pull request
 * handed back to its job (`fix-checks`) instead.
 */
async function runJobOperation(settings: Settings<AgentInputs>, deps: OperationDeps): Promise<OperationResult> {
  const { event } = deps.run
  if (event.kind !== 'checks') return runAgentOperation(settings, 'job', deps)
  const { runFixChecks } = await import('./fix-checks/run.js')
  return runFixChecks(settings, event, deps)
}

/** The settings of `operation`: the common ones and exactly that operation's inputs. */
export type SettingsOf<O extends Operation> = Settings<InputsByOperation[O]> & { operation: O }

/** An operation ready to run: its settings read and validated, its run bound to them. */
export interface ReadyOperation {
  /** What main.ts needs of them: the docs API, the timeout. */
  settings: CommonSettings
  run(deps: OperationDeps): Promise<OperationResult>
}

/**
 * Every input of the step, read once: the common settings, then the operation's own inputs, every input
 * error of both told at once. Warnings are valid but suspicious inputs, for the caller to log.
 */
export function readOperation(input: InputReader, env: RunEnvironment): { operation: ReadyOperation; warnings: string[] } {
  const warnings: string[] = []
  return { operation: ready(readOperationName(input, warnings), input, env, warnings), warnings }
}

/** `operation` with its own inputs read, bound to its run: one type for both, so the run gets exactly its inputs. */
function ready<O extends Operation>(operation: O, input: InputReader, env: RunEnvironment, warnings: string[]): ReadyOperation {
  const settings = readSettings(operation, input, env, warnings)
  const entry = REGISTRY[operation]
  return { settings, run: (deps) => entry.run(settings, deps) }
}

/**
 * The settings of a step whose operation must be one of `operations` (tests and tools that work on one
 * family); a step of another operation is refused.
 */
export function readSettingsOf<O extends Operation>(
  operations: readonly O[],
  input: InputReader,
  env: RunEnvironment
): { settings: SettingsOf<O>; warnings: string[] } {
  const warnings: string[] = []
  const operation = readOperationName(input, warnings)
  if (!isOneOf(operation, operations)) throw new Error(`The step's operation is ${operation}, not ${operations.join(' or ')}.`)
  return { settings: readSettings(operation, input, env, warnings), warnings }
}

/** The `operation` input; one not known fails with every error of the common settings (it among them). */
function readOperationName(input: InputReader, warnings: string[]): Operation {
  const name = input('operation').trim().toLowerCase() || 'job'
  if (isOneOf(name, OPERATIONS)) return name
  return readCommonSettings(input, warnings).operation
}

/** The common settings and the operation's own, each field read through one collector (every input error at once). */
function readSettings<O extends Operation>(operation: O, input: InputReader, env: RunEnvironment, warnings: string[]): SettingsOf<O> {
  return collectInputErrors((field) => {
    const common = field(() => readCommonSettings(input, warnings))
    const own = field(() => REGISTRY[operation].inputs(input, env, warnings))
    if (!RECORDS_DEPLOYMENTS.includes(operation)) warnIgnoredEnvironment(input, operation, warnings)
    return { ...common, ...own, operation }
  })
}

/** The operations that record a GitHub deployment (`environment`). */
const RECORDS_DEPLOYMENTS: readonly Operation[] = ['deploy', 'preview']

/** `environment`, which only deployments read, set for another operation: said once, then ignored. */
function warnIgnoredEnvironment(input: InputReader, operation: Operation, warnings: string[]): void {
  if (input('environment').trim())
    warnings.push(`Input 'environment' is set, but operation '${operation}' records no deployment: it is ignored.`)
}

function isOneOf<O extends string>(value: string, allowed: readonly O[]): value is O {
  return (allowed as readonly string[]).includes(value)
}
