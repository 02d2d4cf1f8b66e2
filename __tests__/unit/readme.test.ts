/**
 * The README and the pages of docs/ cannot drift: the reference's inputs and outputs tables are what
 * `npm run docs` generates from action.yml, every page keeps the workflows it shows (each is run as written
 * by the readme-* end-to-end tests), every action step and every page's inputs and outputs name only what
 * action.yml declares, and the development page names every command and test folder it should.
 */
import { describe, expect, it } from '@jest/globals'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { inputsTable, markdownTable, outputsTable, renderTables, TABLES_PAGE } from '../../scripts/readme-tables.js'
import { PROJECT_ROOT } from '../../scripts/run-action.js'
import { SUB_ACTION_NAMES } from '../../src/sub-action-names.js'
import { readPage, SNIPPET_PAGES, yamlBlocks } from '../e2e/readme-helpers.js'

const actionYml = readFileSync(join(PROJECT_ROOT, 'action.yml'), 'utf8')
const action = parse(actionYml) as { inputs: Record<string, unknown>; outputs: Record<string, unknown> }

/** A step of a workflow shown on a page, or a step shown on its own. */
interface Step {
  uses?: string
  with?: Record<string, unknown>
}

/** README.md and every page of docs/. */
const pages = ['README.md', ...readdirSync(join(PROJECT_ROOT, 'docs')).map((name) => `docs/${name}`)]

/** A step of a sub-action, `your-org/docs-agent-action/<folder>@v1`, its folder captured. */
const SUB_ACTION_USES = new RegExp(`^your-org/docs-agent-action/(${SUB_ACTION_NAMES.join('|')})@v1$`)

interface ActionInputs {
  inputs: Record<string, { required?: boolean }>
}

/** Every step of this action (the root or a sub-action) in the pages' workflows and steps shown alone. */
function actionSteps(shown: readonly string[]): { page: string; step: Step }[] {
  return shown.flatMap((page) =>
    yamlBlocks(page).flatMap((block) => {
      const jobs = (block as { jobs?: Record<string, { steps: Step[] }> }).jobs
      // A sub-action's README shows its permissions block too: no steps.
      const all = Array.isArray(block) ? (block as Step[]) : Object.values(jobs ?? {}).flatMap((job) => job.steps)
      return all.filter((step) => step.uses?.startsWith('your-org/docs-agent-action')).map((step) => ({ page, step }))
    })
  )
}

/** The backticked words of the paragraph that starts with `label` (`**Inputs:**`, say) on a page. */
function namesAfter(page: string, label: string): string[] {
  const paragraph = readPage(page)
    .split(/\n\s*\n/)
    .find((text) => text.startsWith(label))
  if (paragraph === undefined) throw new Error(`${page} has no paragraph starting with ${label}`)
  return [...paragraph.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '')
}

describe('the reference page', () => {
  it('holds the inputs and outputs tables generated from action.yml (run npm run docs after changing action.yml)', () => {
    const reference = readPage(TABLES_PAGE)
    expect(reference).toBe(renderTables(reference, actionYml))
  })
})

describe('the pages with workflows', () => {
  it('keep every YAML block on its page: 21 in all, so none is dropped or added unseen', () => {
    const counts = Object.fromEntries(pages.map((page) => [page, yamlBlocks(page).length]))
    expect(counts).toEqual({
      'README.md': 3,
      'docs/agent-jobs.md': 5,
      'docs/analytics.md': 3,
      'docs/deployments.md': 4,
      'docs/docs-check.md': 2,
      'docs/development.md': 0,
      'docs/docs-health.md': 2,
      'docs/fix-checks.md': 1,
      'docs/performance.md': 0,
      'docs/reference.md': 0,
      'docs/static-export.md': 2,
      'docs/sweep.md': 2,
      'docs/translations.md': 1,
      'docs/troubleshooting.md': 0
    })
  })

  it('use the sub-action of their job, pinned to @v1, in every workflow and step shown alone', () => {
    const uses = actionSteps(pages).map(({ page, step }) => ({ page, uses: step.uses }))
    expect(uses).toHaveLength(26)
    for (const { page, uses: used } of uses) expect({ page, uses: used }).toEqual({ page, uses: expect.stringMatching(SUB_ACTION_USES) })
  })

  it.each(SNIPPET_PAGES)('%s: each step gives only inputs the action.yml its uses: names declares, and every one it requires', (page) => {
    for (const { step } of actionSteps([page])) {
      const folder = SUB_ACTION_USES.exec(step.uses ?? '')?.[1] ?? '.'
      const declared = (parse(readFileSync(join(PROJECT_ROOT, folder, 'action.yml'), 'utf8')) as ActionInputs).inputs
      const given = Object.keys(step.with ?? {})
      const required = Object.entries(declared)
        .filter(([, spec]) => spec.required)
        .map(([name]) => name)
      expect({ uses: step.uses, undeclared: given.filter((name) => !(name in declared)) }).toEqual({ uses: step.uses, undeclared: [] })
      expect({ uses: step.uses, missing: required.filter((name) => !given.includes(name)) }).toEqual({ uses: step.uses, missing: [] })
    }
  })
})

describe('the front door', () => {
  const lines = readPage('README.md').split('\n')

  it('opens with the two set-up commands, then reaches the first workflow within 40 lines', () => {
    expect(lines.slice(5, 8)).toEqual([
      'npm ci && npm run demo   # the action end to end against the local simulator (no network needed)',
      'npm ci && npm test       # unit tests and end-to-end tests of the bundled dist/index.js',
      '```'
    ])
    const firstWorkflow = lines.findIndex((line, index) => line === '```yaml' && lines[index + 1]?.startsWith('name: '))
    expect(firstWorkflow).toBeGreaterThan(0)
    expect(firstWorkflow).toBeLessThan(40)
  })

  it('links every sub-action’s README, grouped by what a team wants, before the first workflow', () => {
    const top = lines.slice(0, 40).join('\n')
    for (const name of SUB_ACTION_NAMES) expect(top).toContain(`[\`${name}/\`](${name}/README.md)`)
    for (const want of [
      'Document each change',
      'Require docs on every code pull request',
      'Weekly docs health',
      'Deploy and preview',
      'Export the site'
    ])
      expect(top).toContain(`- **${want}**: `)
  })
})

describe('the page of each operation family', () => {
  const families = [
    'docs/agent-jobs.md',
    'docs/docs-check.md',
    'docs/fix-checks.md',
    'docs/analytics.md',
    'docs/docs-health.md',
    'docs/deployments.md',
    'docs/static-export.md',
    'docs/sweep.md'
  ]

  it.each(families)('%s lists its inputs and outputs, each one that action.yml declares', (page) => {
    const inputs = namesAfter(page, '**Inputs:**')
    const outputs = namesAfter(page, '**Outputs:**')
    expect(inputs).toContain('operation')
    expect(outputs).toContain('outcome')
    expect(inputs.filter((name) => !(name in action.inputs))).toEqual([])
    expect(outputs.filter((name) => !(name in action.outputs))).toEqual([])
  })

  it.each(families)('%s says how the step ends', (page) => {
    expect(readPage(page)).toMatch(/\n## How the step ends\n\n\| result +\| step +\|\n/)
  })
})

describe('the development page', () => {
  const page = readPage('docs/development.md')

  it('names every npm script of package.json', () => {
    const scripts = Object.keys((JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: object }).scripts)
    // `npm test`, `npm run demo`: a name counts only whole (`npm run format` is not `npm run format:check`).
    const named = (script: string): boolean =>
      new RegExp(`npm ${script === 'test' ? '' : 'run '}${script.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w:-])`).test(page)
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.filter((script) => !named(script))).toEqual([])
  })

  it('names every folder at the top of __tests__', () => {
    const folders = readdirSync(join(PROJECT_ROOT, '__tests__'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `\`__tests__/${entry.name}/\``)
    expect(folders.length).toBeGreaterThan(0)
    expect(folders.filter((folder) => !page.includes(folder))).toEqual([])
  })

  it('names only files and folders that exist', () => {
    const paths = [...page.matchAll(/`((?:__tests__|scripts|simulator|src|dist)\/[^`\s]*)`/g)].map((match) => match[1] ?? '')
    expect(paths.length).toBeGreaterThan(0)
    expect(paths.filter((path) => !existsSync(join(PROJECT_ROOT, path)))).toEqual([])
  })
})

const ACTION = `
inputs:
  api-key:
    description: The key.
    required: true
  timeout:
    description: |
      Longest wait,
      in minutes | hours.
    default: 30m
  label:
    description: Starts a job.
    default: ''
outputs:
  outcome:
    description: One word, e.g. https://<host>/pull/<n>.
`

describe('the generated tables', () => {
  it('show required inputs as required, defaults as code, and no default as an empty cell', () => {
    expect(inputsTable(ACTION).split('\n')).toEqual([
      '| input     | required / default | description                        |',
      '| --------- | ------------------ | ---------------------------------- |',
      '| `api-key` | required           | The key.                           |',
      '| `timeout` | `30m`              | Longest wait, in minutes \\| hours. |',
      '| `label`   |                    | Starts a job.                      |'
    ])
  })

  it('escape what would break a cell or read as HTML', () => {
    expect(outputsTable(ACTION).split('\n')[2]).toBe('| `outcome` | One word, e.g. https://\\<host>/pull/\\<n>. |')
  })

  it('pad columns to their widest cell, at least three dashes', () => {
    expect(markdownTable(['a', 'bb'], [['xyz', '']])).toBe('| a   | bb  |\n| --- | --- |\n| xyz |     |')
  })

  it('replace only what lies between the markers, and can be generated again without change', () => {
    const before = 'intro\n<!-- inputs:start -->\nold\n<!-- inputs:end -->\nmiddle\n<!-- outputs:start -->\n<!-- outputs:end -->\nend\n'
    const once = renderTables(before, ACTION)
    expect(once.startsWith('intro\n<!-- inputs:start -->\n\n| input ')).toBe(true)
    expect(once).not.toContain('old')
    expect(once).toContain('<!-- inputs:end -->\nmiddle\n<!-- outputs:start -->\n\n| output ')
    expect(once.endsWith('|\n\n<!-- outputs:end -->\nend\n')).toBe(true)
    expect(renderTables(once, ACTION)).toBe(once)
  })

  it('refuse a page without the markers', () => {
    expect(() => renderTables('no tables here', ACTION)).toThrow(
      'docs/reference.md needs the markers <!-- inputs:start --> and <!-- inputs:end -->'
    )
  })
})
