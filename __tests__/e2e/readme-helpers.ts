/**
 * The workflows the README and the pages of docs/ tell users to copy, read as they stand from the page that
 * holds each, and the inputs their action step gives.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { actionDefaults, PROJECT_ROOT } from '../../scripts/run-action.js'
import type { Simulator } from '../../simulator/index.js'
import { SUB_ACTION_NAMES, type SubActionName } from '../../src/sub-action-names.js'
import { defined } from '../expect-helpers.js'

/** A `concurrency:` group, of a workflow or of one of its jobs. */
export interface Concurrency {
  group: string
  'cancel-in-progress'?: boolean
}

export interface Workflow {
  name: string
  on: Record<string, unknown>
  permissions: Record<string, string>
  concurrency?: Concurrency
  jobs: Record<
    string,
    {
      if?: string
      needs?: string | string[]
      outputs?: Record<string, string>
      concurrency?: Concurrency
      permissions?: Record<string, string>
      steps: { id?: string; if?: string; uses?: string; with?: Record<string, string | number> }[]
    }
  >
}

/** The pages that hold workflows and steps to copy, by their path from the project root. */
export const WORKFLOW_PAGES = [
  'README.md',
  'docs/agent-jobs.md',
  'docs/docs-check.md',
  'docs/fix-checks.md',
  'docs/analytics.md',
  'docs/docs-health.md',
  'docs/deployments.md',
  'docs/static-export.md',
  'docs/translations.md'
] as const
export type WorkflowPage = (typeof WORKFLOW_PAGES)[number]

/** Every page that shows workflows to copy: those, and each sub-action's README. */
export const SNIPPET_PAGES = [...WORKFLOW_PAGES, ...SUB_ACTION_NAMES.map((name) => `${name}/README.md`)]

/** A Markdown page of the project (README.md, docs/…), by its path from the project root. */
export function readPage(page: string): string {
  return readFileSync(join(PROJECT_ROOT, page), 'utf8')
}

/** Every ```yaml block of a page, parsed: whole workflows, and single steps shown on their own. */
export function yamlBlocks(page: string): unknown[] {
  return [...readPage(page).matchAll(/```yaml\n([\s\S]*?)```/g)].map(
    (block) => parse(defined(block[1], `YAML block of ${page}`)) as unknown
  )
}

/** The page's whole workflows (the blocks with `jobs:`), in the order the page shows them. */
export function pageWorkflows(page: string): Workflow[] {
  return yamlBlocks(page).filter((doc): doc is Workflow => typeof doc === 'object' && doc !== null && 'jobs' in doc)
}

export function workflowNamed(page: WorkflowPage, name: string): Workflow {
  const workflow = pageWorkflows(page).find((w) => w.name === name)
  if (!workflow) throw new Error(`${page} has no workflow named ${name}`)
  return workflow
}

type Step = Workflow['jobs'][string]['steps'][number]

/** A step of this action: `your-org/docs-agent-action/<folder>@…` (or the root's, `…@…`), its sub-action captured. */
const ACTION_USES = new RegExp(`^your-org/docs-agent-action(?:/(${SUB_ACTION_NAMES.join('|')}))?@`)

/** The sub-action a step uses; undefined for the root action (and for a step of another action). */
function subActionOf(step: Step): SubActionName | undefined {
  return SUB_ACTION_NAMES.find((name) => name === ACTION_USES.exec(step.uses ?? '')?.[1])
}

const isGate = (step: Step): boolean => subActionOf(step) === 'gate' || step.with?.operation === 'gate'

/** The workflow's steps of this action: the gate's (gate/), or the first one that does the work. */
function actionStep(workflow: Workflow, gate: boolean): Step {
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps)
  const step = steps.find((s) => ACTION_USES.test(s.uses ?? '') && isGate(s) === gate)
  if (!step) throw new Error(`${workflow.name} has no docs-agent-action ${gate ? 'gate ' : ''}step`)
  return step
}

/** What a run of a page's step needs: the sub-action it uses and its inputs, filled in as the runner fills them. */
export interface StepRun {
  action: SubActionName | undefined
  inputs: Record<string, string>
}

/**
 * The action step's run (the step that does the work, not a gate job's), with `${{ secrets.* }}` and
 * `${{ vars.* }}` filled in as GitHub would.
 */
export function actionRun(
  workflow: Workflow,
  sim: Simulator,
  matrix: Record<string, string> = {},
  /** Other expressions as the runner would fill them in, e.g. `steps.app-token.outputs.token`. */
  expressions: Record<string, string> = {}
): StepRun {
  return filledRun(workflow, actionStep(workflow, false), sim, { matrix, expressions })
}

/** The run of the workflow's gate step (gate/), filled in as `actionRun` fills it. */
export function gateRun(workflow: Workflow, sim: Simulator): StepRun {
  return filledRun(workflow, actionStep(workflow, true), sim, { matrix: {}, expressions: {} })
}

function filledRun(
  workflow: Workflow,
  step: Step,
  sim: Simulator,
  { matrix, expressions }: { matrix: Record<string, string>; expressions: Record<string, string> }
): StepRun {
  const inputs: Record<string, string> = {}
  for (const [name, value] of Object.entries(step.with ?? {})) {
    inputs[name] = String(value)
      .replace(/\$\{\{\s*(secrets\.MINTLIFY_API_KEY|vars\.MINTLIFY_PROJECT_ID)\s*\}\}/g, (_, ref: string) =>
        ref.startsWith('secrets') ? sim.apiKey : sim.projectId
      )
      .replace(/\$\{\{\s*matrix\.(\w+)\s*\}\}/g, (_, key: string) => matrix[key] ?? '${{ unknown matrix value }}')
      .replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (text, name: string) => expressions[name] ?? text)
    if (inputs[name].includes('${{')) throw new Error(`${workflow.name}: unexpected expression in ${name}`)
  }
  // Inputs the page leaves out take its action.yml's defaults, as on the runner; only what points the
  // action at this machine's simulator is added, where that action declares it.
  const action = subActionOf(step)
  const defaults = actionDefaults(action)
  const simulator = Object.entries({ 'base-url': sim.url, 'poll-interval': '100ms' }).filter(([name]) => name in defaults)
  return { action, inputs: { ...defaults, ...inputs, ...Object.fromEntries(simulator) } }
}
