/**
 * The workflows the README and the pages of docs/ tell users to copy hold to the trust boundary's rules for
 * examples (DESIGN, "Who may steer the agent"): a workflow that a comment, review, label or pull request
 * can start keeps its `concurrency` on the job, where a run skipped by the job's `if:` never joins the group
 * (at workflow level any comment's run would replace a maintainer's pending one), and a job of it with a
 * group `needs:` a first job that runs `operation: gate` and reads that job's `steer` output in its `if:`
 * (so an outsider's command, or an outsider's pull-request event with nothing new for a run, such as a title
 * edit, never joins the group); a job on a check event drops a fork's runs in its `if:`; no
 * `${{ }}` expression is pasted into a `run:` script (values reach it through `env:`); every checkout
 * leaves no credentials behind; and a GitHub App token asks only for the permissions it names.
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { PROJECT_ROOT } from '../../scripts/run-action.js'
import { yamlBlocks } from '../e2e/readme-helpers.js'

interface Step {
  name?: string
  id?: string
  uses?: string
  run?: string
  with?: Record<string, unknown>
}

interface Job {
  if?: unknown
  environment?: unknown
  needs?: unknown
  concurrency?: unknown
  outputs?: Record<string, unknown>
  steps?: unknown
}

/** Events whose run a comment or a review starts: its author steers it. */
const COMMENT_EVENTS = new Set(['issue_comment', 'pull_request_review', 'pull_request_review_comment', 'discussion_comment'])
/** Pull-request events: whoever opened the pull request causes them, an outsider included. */
const PULL_EVENTS = new Set(['pull_request', 'pull_request_target'])
/** Events that carry the `labeled` activity, and whether a bare `on:` entry (no `types:`) includes it. */
const LABEL_EVENTS = new Map([
  ['issues', true],
  ['discussion', true]
])

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** `on:` in any of its forms (`push`, `[push, issue_comment]`, a map) as event → its configuration. */
function events(on: unknown): [string, unknown][] {
  if (typeof on === 'string') return [[on, null]]
  if (Array.isArray(on)) return on.map((event) => [String(event), null])
  return isRecord(on) ? Object.entries(on) : []
}

/**
 * The events of `on:` that someone below `min-permission` can start: a comment, a review or a label, by the
 * person who wrote or added it, and any event of a pull request, which an outsider opens (a fork's author,
 * a reader of the repository, a bot), retargets, edits and closes.
 */
function startedByOthers(on: unknown): string[] {
  return events(on)
    .filter(([event, config]) => {
      if (COMMENT_EVENTS.has(event) || PULL_EVENTS.has(event)) return true
      const bareIncludesLabel = LABEL_EVENTS.get(event)
      if (bareIncludesLabel === undefined) return false
      const types = isRecord(config) && Array.isArray(config.types) ? config.types.map(String) : null
      return types === null ? bareIncludesLabel : types.includes('labeled')
    })
    .map(([event]) => event)
}

/** The steps in a list, read as steps (what is not a map is no step). */
const stepList = (items: unknown): Step[] => (Array.isArray(items) ? items.filter(isRecord) : [])

/** Every step of a block: the steps of each job of a workflow, or a list of steps shown on its own. */
function stepsOf(block: unknown): Step[] {
  if (!isRecord(block)) return stepList(block)
  return isRecord(block.jobs) ? Object.values(block.jobs).flatMap((job) => (isRecord(job) ? stepList(job.steps) : [])) : []
}

const stepName = (step: Step): string => step.name ?? step.id ?? step.uses ?? step.run?.split('\n')[0] ?? 'a step'

/** The jobs of a workflow by name (none for steps shown on their own). */
const jobsOf = (block: unknown): [string, Job][] =>
  isRecord(block) && isRecord(block.jobs) ? Object.entries(block.jobs).filter((entry): entry is [string, Job] => isRecord(entry[1])) : []

/** A step of this action (the README's `your-org/docs-agent-action@…` or one of its sub-actions, `…/gate@…`, or `./`). */
const isActionStep = (step: Step): boolean => step.uses === './' || /\/docs-agent-action(?:\/[\w-]+)?@/.test(step.uses ?? '')

/** A gate step: the gate/ sub-action, or the root action with `operation: gate`. */
const isGateStep = (step: Step): boolean =>
  isActionStep(step) && ((step.uses ?? '').includes('/docs-agent-action/gate@') || step.with?.operation === 'gate')

/** An `if:` as one line, whatever YAML folding it was written with. */
const condition = (job: Job): string => (typeof job.if === 'string' ? job.if.replace(/\s+/g, ' ') : '')

/**
 * Whether `name` is a gate job for `guarded`: it has no group of its own, runs gate/ (or the root action
 * with `operation: gate`), exposes that step's `steer` output, and `guarded` reads it in its `if:`.
 */
function gatesFor(name: string, gate: Job | undefined, guarded: Job): boolean {
  if (!gate || gate.concurrency !== undefined) return false
  const step = stepList(gate.steps).find(isGateStep)
  const steer = gate.outputs?.steer
  const exposed = typeof steer === 'string' ? steer.replace(/\s+/g, '') : ''
  return (
    step?.id !== undefined &&
    exposed === `\${{steps.${step.id}.outputs.steer}}` &&
    condition(guarded).includes(`needs.${name}.outputs.steer`)
  )
}

/** A job with a `concurrency` group in a workflow outsiders can start, without a gate job before it. */
function ungatedGroups(block: unknown): string[] {
  if (!isRecord(block) || startedByOthers(block.on).length === 0) return []
  const jobs = new Map(jobsOf(block))
  return [...jobs]
    .filter(([, job]) => job.concurrency !== undefined)
    .filter(([, job]) => {
      const needs = typeof job.needs === 'string' ? [job.needs] : Array.isArray(job.needs) ? job.needs.map(String) : []
      return !needs.some((name) => gatesFor(name, jobs.get(name), job))
    })
    .map(
      ([name]) =>
        `${name}: a concurrency group that comments, reviews, labels or pull requests reach without needs: a gate job (operation: gate) whose steer output its if: reads`
    )
}

/** What keeps a fork's runs out, per check event: each event's own sign of a fork's branch. */
const FORK_FILTERS: [string, string][] = [
  ['workflow_run', 'github.event.workflow_run.head_repository.full_name == github.repository'],
  // A fork's pull request into the agent's branch runs pull_request_target workflows there, in this repository.
  ['workflow_run', `contains(fromJSON('["push", "pull_request"]'), github.event.workflow_run.event)`],
  ['check_suite', 'github.event.check_suite.head_branch != null'],
  ['check_run', 'github.event.check_run.check_suite.head_branch != null']
]

/** A job of this action on a check event whose `if:` lets a fork's runs in. */
function forksLetIn(block: unknown): string[] {
  if (!isRecord(block)) return []
  const on = new Set(events(block.on).map(([event]) => event))
  return jobsOf(block)
    .filter(([, job]) => stepList(job.steps).some(isActionStep))
    .flatMap(([name, job]) =>
      FORK_FILTERS.filter(([event, filter]) => on.has(event) && !condition(job).includes(filter)).map(
        ([event, filter]) => `${name}: ${event} without ${filter} in its if:`
      )
    )
}

const passesSecretKey = (key: unknown): boolean => typeof key === 'string' && key.includes('secrets.')

/**
 * A job that gives the action the API key from a secret without naming the environment that holds it: the
 * key is kept to reviewed code only in an environment secret limited to the default branch (SECURITY.md).
 */
function keysOutsideAnEnvironment(block: unknown): string[] {
  return jobsOf(block)
    .filter(([, job]) => job.environment === undefined)
    .filter(([, job]) => stepList(job.steps).some((step) => isActionStep(step) && passesSecretKey(step.with?.['api-key'])))
    .map(([name]) => `${name}: the api-key secret without environment: (the environment that holds the key)`)
}

/** What a YAML block shown on a page (a workflow, or steps on their own) does against the rules; empty when nothing. */
function safetyFindings(block: unknown): string[] {
  const findings: string[] = []
  if (isRecord(block) && 'concurrency' in block) {
    const steered = startedByOthers(block.on)
    if (steered.length > 0) findings.push(`workflow-level concurrency, but ${steered.join(', ')} can start it: put concurrency on the job`)
  }
  findings.push(...ungatedGroups(block), ...forksLetIn(block), ...keysOutsideAnEnvironment(block))
  for (const step of stepsOf(block)) {
    for (const expression of step.run?.match(/\$\{\{[\s\S]*?\}\}/g) ?? []) {
      findings.push(`${stepName(step)}: ${expression} inside run: pass it through env:`)
    }
    if (step.uses?.startsWith('actions/checkout@') && String(step.with?.['persist-credentials']) !== 'false') {
      findings.push(`${stepName(step)}: checkout without persist-credentials: false`)
    }
    if (
      step.uses?.startsWith('actions/create-github-app-token@') &&
      !Object.keys(step.with ?? {}).some((key) => key.startsWith('permission-'))
    ) {
      findings.push(`${stepName(step)}: App token with every permission of the App: name the ones it uses (permission-<name>)`)
    }
  }
  return findings
}

/** README.md and every page of docs/, with each YAML block it shows. */
const pages = ['README.md', ...readdirSync(join(PROJECT_ROOT, 'docs')).map((name) => `docs/${name}`)]
const blocks = pages.flatMap((page) =>
  yamlBlocks(page).map((block, index) => ({
    where: `${page}: ${isRecord(block) && typeof block.name === 'string' ? block.name : `block ${index + 1}`}`,
    block
  }))
)

describe('the workflows and steps the pages show', () => {
  it.each(blocks)('$where holds to the rules', ({ block }) => {
    expect(safetyFindings(block)).toEqual([])
  })

  it('give every rule something to check: workflows comments and labels start, run steps, checkouts and App tokens', () => {
    const steps = blocks.flatMap(({ block }) => stepsOf(block))
    expect(blocks.filter(({ block }) => isRecord(block) && startedByOthers(block.on).length > 0).length).toBeGreaterThanOrEqual(3)
    expect(steps.filter((step) => step.run !== undefined).length).toBeGreaterThanOrEqual(3)
    expect(steps.filter((step) => step.uses?.startsWith('actions/checkout@')).length).toBeGreaterThanOrEqual(1)
    expect(steps.filter((step) => step.uses?.startsWith('actions/create-github-app-token@')).length).toBeGreaterThanOrEqual(2)
    const workflows = blocks.map(({ block }) => block).filter(isRecord)
    expect(
      workflows.filter((block) => startedByOthers(block.on).length > 0 && jobsOf(block).some(([, job]) => job.concurrency)).length
    ).toBeGreaterThanOrEqual(1)
    expect(
      workflows.filter((block) => events(block.on).some(([event]) => FORK_FILTERS.some(([name]) => name === event))).length
    ).toBeGreaterThanOrEqual(1)
  })
})

describe('the events a comment, review, label or pull request starts', () => {
  it.each([
    ['issue_comment', ['issue_comment']],
    ['[push, pull_request_review]', ['pull_request_review']],
    ['{ pull_request_review_comment: { types: [created] } }', ['pull_request_review_comment']],
    ['{ issues: { types: [labeled] } }', ['issues']],
    ['{ issues: null }', ['issues']],
    ['{ issues: { types: [opened] } }', []],
    ['{ pull_request: { types: [labeled] }, pull_request_target: { types: [opened, labeled] } }', ['pull_request', 'pull_request_target']],
    // Whoever opened the pull request causes its events: a fork's author, a reader, a bot.
    ['{ pull_request: null, pull_request_target: { types: [opened, synchronize] } }', ['pull_request', 'pull_request_target']],
    ['{ pull_request: { types: [closed] } }', ['pull_request']],
    ['{ push: { branches: [main] }, schedule: [{ cron: "0 6 * * 1" }], workflow_dispatch: null }', []]
  ])('on: %s → %j', (on, expected) => {
    expect(startedByOthers(parse(on))).toEqual(expected)
  })
})

describe('each rule fails on what it forbids', () => {
  const workflow = (on: string, jobExtra = '', steps = '      - run: echo hello'): unknown =>
    parse(`on: ${on}\n${jobExtra}jobs:\n  docs:\n    runs-on: ubuntu-latest\n    steps:\n${steps}\n`)
  const WORKFLOW_GROUP = 'concurrency:\n  group: docs-${{ github.event.issue.number }}\n'

  it.each([
    ['issue_comment', ['workflow-level concurrency, but issue_comment can start it: put concurrency on the job']],
    ['{ issues: { types: [labeled] } }', ['workflow-level concurrency, but issues can start it: put concurrency on the job']],
    [
      '{ pull_request_review: { types: [submitted] }, pull_request_review_comment: { types: [created] } }',
      ['workflow-level concurrency, but pull_request_review, pull_request_review_comment can start it: put concurrency on the job']
    ],
    ['{ push: { branches: [main] } }', []]
  ])('workflow-level concurrency under on: %s', (on, expected) => {
    expect(safetyFindings(workflow(on, WORKFLOW_GROUP))).toEqual(expected)
  })

  it('accepts concurrency on the job of a workflow pushes start', () => {
    const jobLevel: unknown = parse(
      'on: push\njobs:\n  docs:\n    concurrency:\n      group: docs-${{ github.ref }}\n      cancel-in-progress: false\n' +
        '    runs-on: ubuntu-latest\n    steps:\n      - run: echo hello\n'
    )
    expect(safetyFindings(jobLevel)).toEqual([])
  })

  it.each([
    [
      "a step's output",
      '      - id: echo\n        run: echo "Review ${{ steps.agent.outputs.pr-link }}"',
      ['echo: ${{ steps.agent.outputs.pr-link }} inside run: pass it through env:']
    ],
    [
      "another job's output, in a script of several lines",
      '      - run: |\n          echo start\n          npx linkinator "${{ needs.preview.outputs.url }}"',
      ['echo start: ${{ needs.preview.outputs.url }} inside run: pass it through env:']
    ],
    [
      "a comment's text",
      '      - name: Greet\n        run: echo "${{ github.event.comment.body }}"',
      ['Greet: ${{ github.event.comment.body }} inside run: pass it through env:']
    ],
    [
      'an output through env: (accepted)',
      '      - env:\n          PR_LINK: ${{ steps.agent.outputs.pr-link }}\n        run: echo "Review $PR_LINK"',
      []
    ]
  ])('an expression inside run: %s', (_, steps, expected) => {
    expect(safetyFindings(workflow('push', '', steps))).toEqual(expected)
  })

  it.each([
    ['without with:', '      - uses: actions/checkout@v4', ['actions/checkout@v4: checkout without persist-credentials: false']],
    [
      'persisting credentials',
      '      - uses: actions/checkout@v4\n        with:\n          persist-credentials: true',
      ['actions/checkout@v4: checkout without persist-credentials: false']
    ],
    [
      'with persist-credentials: false (accepted)',
      '      - uses: actions/checkout@v4\n        with:\n          persist-credentials: false',
      []
    ],
    [
      "with persist-credentials: 'false' (accepted)",
      "      - uses: actions/checkout@v4\n        with:\n          persist-credentials: 'false'",
      []
    ]
  ])('a checkout %s', (_, steps, expected) => {
    expect(safetyFindings(workflow('push', '', steps))).toEqual(expected)
  })

  it.each([
    [
      'without a permission-<name> input',
      '      - uses: actions/create-github-app-token@v2\n        id: app-token\n        with:\n          app-id: ${{ vars.APP_ID }}',
      ['app-token: App token with every permission of the App: name the ones it uses (permission-<name>)']
    ],
    [
      'naming its permissions (accepted)',
      '      - uses: actions/create-github-app-token@v2\n        with:\n          app-id: ${{ vars.APP_ID }}\n          permission-pull-requests: write',
      []
    ]
  ])('an App token %s', (_, steps, expected) => {
    expect(safetyFindings(workflow('push', '', steps))).toEqual(expected)
  })

  it.each([
    ['without environment: fails', '', ['docs: the api-key secret without environment: (the environment that holds the key)']],
    ['with environment: is accepted', '    environment: docs-agent\n', []]
  ])('a job that passes the api-key secret %s', (_, environment, expected) => {
    const job = `on: push\njobs:\n  docs:\n    runs-on: ubuntu-latest\n${environment}    steps:\n      - uses: your-org/docs-agent-action@v1\n        with:\n          api-key: \${{ secrets.MINTLIFY_API_KEY }}\n`
    expect(safetyFindings(parse(job))).toEqual(expected)
  })

  it('checks steps shown on their own, outside a workflow', () => {
    expect(safetyFindings(parse('- uses: actions/checkout@v4\n- run: echo ${{ steps.x.outputs.y }}'))).toEqual([
      'actions/checkout@v4: checkout without persist-credentials: false',
      'echo ${{ steps.x.outputs.y }}: ${{ steps.x.outputs.y }} inside run: pass it through env:'
    ])
  })
})

describe('a group that comments, reviews, labels or pull requests reach waits behind a gate job', () => {
  const GATE = [
    '  gate:',
    '    runs-on: ubuntu-latest',
    '    outputs:',
    '      steer: ${{ steps.gate.outputs.steer }}',
    '    steps:',
    '      - uses: your-org/docs-agent-action@v1',
    '        id: gate',
    '        with:',
    '          operation: gate'
  ]
  const DOCS = [
    '  docs:',
    '    concurrency:',
    '      group: docs-${{ github.event.issue.number }}',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - run: echo hello'
  ]
  const workflow = (on: string, gate: string[], docs: string[]): unknown => parse([`on: ${on}`, 'jobs:', ...gate, ...docs, ''].join('\n'))
  const withGuard = (guard: string[]): string[] => [DOCS[0]!, ...guard, ...DOCS.slice(1)]
  const READS = ['    needs: gate', "    if: needs.gate.outputs.steer == 'true'"]
  const UNGATED =
    'docs: a concurrency group that comments, reviews, labels or pull requests reach without needs: a gate job (operation: gate) whose steer output its if: reads'

  it.each([
    ['issue_comment', []],
    ['{ pull_request_review: { types: [submitted] } }', []],
    ['{ pull_request_review_comment: { types: [created] } }', []],
    ['{ issues: { types: [labeled] } }', []],
    ['{ pull_request_target: { types: [opened, labeled] } }', []],
    // A fork's or a reader's title edit would replace a maintainer's pending command: the gate answers it false.
    ['{ pull_request_target: { types: [opened, synchronize, edited] } }', []],
    ['pull_request', []]
  ])('on: %s, a group without a gate job fails', (on) => {
    expect(safetyFindings(workflow(on, [], DOCS))).toEqual([UNGATED])
  })

  it('accepts the gate job, needed and read', () => {
    expect(safetyFindings(workflow('issue_comment', GATE, withGuard(READS)))).toEqual([])
  })

  it('accepts the gate job among others needed, its steer read beside other conditions', () => {
    const guard = ['    needs: [build, gate]', "    if: github.event.issue.pull_request && needs.gate.outputs.steer == 'true'"]
    const build = ['  build:', '    runs-on: ubuntu-latest', '    steps:', '      - run: echo build']
    expect(safetyFindings(workflow('issue_comment', [...GATE, ...build], withGuard(guard)))).toEqual([])
  })

  it.each([
    ['needed, but its steer not read', GATE, ['    needs: gate', "    if: github.event.comment.user.type != 'Bot'"]],
    ['its steer read, but not needed', GATE, ["    if: needs.gate.outputs.steer == 'true'"]],
    ['a first job that is no gate (another operation)', GATE.map((line) => line.replace('operation: gate', 'operation: job')), READS],
    ['a gate job that does not expose its steer output', GATE.filter((line) => !line.includes('steer')), READS],
    [
      'author_association instead of a gate',
      [],
      ['    if: contains(fromJSON(\'["OWNER","MEMBER"]\'), github.event.comment.author_association)']
    ]
  ])('%s: fails', (_, gate, guard) => {
    expect(safetyFindings(workflow('issue_comment', gate, withGuard(guard)))).toEqual([UNGATED])
  })

  it('a gate job in the group itself fails, for both jobs', () => {
    const grouped = [...GATE.slice(0, 2), '    concurrency: docs', ...GATE.slice(2)]
    expect(safetyFindings(workflow('issue_comment', grouped, withGuard(READS)))).toEqual([UNGATED.replace('docs:', 'gate:'), UNGATED])
  })

  it('asks nothing of a group that only pushes and schedules reach', () => {
    expect(safetyFindings(workflow('{ push: null, schedule: [{ cron: "0 6 * * 1" }] }', [], DOCS))).toEqual([])
  })
})

describe("a check event's job drops a fork's runs in its if:", () => {
  const job = (condition: string): string[] => [
    '  fix:',
    `    if: ${condition}`,
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - uses: your-org/docs-agent-action@v1'
  ]
  const workflow = (on: string, condition: string): unknown => parse([`on: ${on}`, 'jobs:', ...job(condition), ''].join('\n'))
  const ALL =
    "(github.event_name != 'workflow_run' || github.event.workflow_run.head_repository.full_name == github.repository) && " +
    `(github.event_name != 'workflow_run' || contains(fromJSON('["push", "pull_request"]'), github.event.workflow_run.event)) && ` +
    "(github.event_name != 'check_suite' || github.event.check_suite.head_branch != null) && " +
    "(github.event_name != 'check_run' || github.event.check_run.check_suite.head_branch != null)"

  it('accepts the three filters, each for its event', () => {
    expect(safetyFindings(workflow('[check_suite, check_run, workflow_run, status]', ALL))).toEqual([])
  })

  it('finds a workflow_run job that lets pull_request_target runs in', () => {
    const repositoryOnly = 'github.event.workflow_run.head_repository.full_name == github.repository'
    expect(safetyFindings(workflow('workflow_run', repositoryOnly))).toEqual([
      `fix: workflow_run without contains(fromJSON('["push", "pull_request"]'), github.event.workflow_run.event) in its if:`
    ])
  })

  it.each([
    [
      'workflow_run',
      'github.event.workflow_run.conclusion == \'failure\' && contains(fromJSON(\'["push", "pull_request"]\'), github.event.workflow_run.event)',
      'fix: workflow_run without github.event.workflow_run.head_repository.full_name == github.repository in its if:'
    ],
    ['check_suite', 'true', 'fix: check_suite without github.event.check_suite.head_branch != null in its if:'],
    [
      'check_run',
      "github.event.check_run.app.slug != 'github-actions'",
      'fix: check_run without github.event.check_run.check_suite.head_branch != null in its if:'
    ]
  ])('on: %s without its filter fails', (on, condition, finding) => {
    expect(safetyFindings(workflow(on, condition))).toEqual([finding])
  })

  it('asks nothing of status, which carries no origin', () => {
    expect(safetyFindings(workflow('status', 'true'))).toEqual([])
  })
})
