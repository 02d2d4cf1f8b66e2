/**
 * One action per job (DESIGN: "One action per job: the sub-actions"): every folder's action.yml, README and
 * entries are what scripts/sub-actions.ts writes from the table (src/sub-actions.ts), a hand-written
 * docs-check/action.yml says what the generator must write, each declares only what its job reads, and the
 * readers read nothing else.
 */
import { describe, expect, it } from '@jest/globals'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { PROJECT_ROOT } from '../../scripts/run-action.js'
import { subActionFiles, subActionYml } from '../../scripts/sub-actions.js'
import { readOperation } from '../../src/operations/registry.js'
import { subActionStep } from '../../src/sub-action-input.js'
import { SUB_ACTION_NAMES, type SubActionName } from '../../src/sub-action-names.js'
import { EXPORT_INPUT } from '../../src/sub-action-parts.js'
import { declaredInputs, SUB_ACTIONS } from '../../src/sub-actions.js'

const rootYml = readFileSync(join(PROJECT_ROOT, 'action.yml'), 'utf8')
const root = parse(rootYml) as { inputs: Record<string, unknown>; outputs: Record<string, unknown> }

interface ActionYml {
  inputs: Record<string, { description: string; required: boolean; default?: string }>
  outputs: Record<string, { description: string }>
  runs: { using: string; main: string }
}

function actionYml(name: SubActionName): ActionYml {
  return parse(readFileSync(join(PROJECT_ROOT, name, 'action.yml'), 'utf8')) as ActionYml
}

describe('the sub-actions’ committed files', () => {
  it.each(Object.entries(subActionFiles(rootYml, readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8'))))(
    '%s is what npm run build writes',
    (path, text) => {
      expect(existsSync(join(PROJECT_ROOT, path)) ? readFileSync(join(PROJECT_ROOT, path), 'utf8') : `(${path} is missing)`).toBe(text)
    }
  )

  it('writes docs-check/action.yml as the hand-written golden file says', () => {
    const golden = readFileSync(join(PROJECT_ROOT, '__tests__/fixtures/golden/docs-check.action.yml'), 'utf8')
    expect(subActionYml('docs-check', rootYml)).toBe(golden)
  })

  it.each(SUB_ACTION_NAMES)('%s/ runs the shared dist/ on node24, through its own small entry', (name) => {
    expect(actionYml(name).runs).toEqual({ using: 'node24', main: `../dist/${name}.js` })
    expect(readFileSync(join(PROJECT_ROOT, 'dist', `${name}.js`), 'utf8')).toMatch(/^\/\/ .*\nimport '\.\/index\.js'\n$/)
  })
})

describe('what each sub-action declares', () => {
  it.each(SUB_ACTION_NAMES)('%s/: the list embedded in the bundle is its action.yml’s inputs, each the root’s (or export)', (name) => {
    const declared = Object.keys(actionYml(name).inputs)
    expect(declared).toEqual(declaredInputs(name))
    expect(declared.filter((input) => !(input in root.inputs) && input !== EXPORT_INPUT)).toEqual([])
    expect(Object.keys(actionYml(name).outputs).filter((output) => !(output in root.outputs))).toEqual([])
    // Reads made only to warn (environment, but where deployments record it), and old names, are the root's alone.
    const rootOnly = ['operation', 'pr-number', ...(name === 'deploy' || name === 'preview' ? [] : ['environment'])]
    expect(declared.filter((input) => rootOnly.includes(input))).toEqual([])
  })

  it('requires an input only where the job needs it under every event: the key (not the gate nor translations), export, automation-id', () => {
    const required = Object.fromEntries(
      SUB_ACTION_NAMES.map((name) => [
        name,
        Object.entries(actionYml(name).inputs)
          .filter(([, spec]) => spec.required)
          .map(([input]) => input)
      ])
    )
    const key = ['api-key', 'project-id']
    expect(required).toEqual({
      agent: key,
      message: key,
      'docs-check': key,
      'fix-checks': key,
      analytics: [...key, 'export'],
      report: key,
      improve: key,
      deploy: key,
      preview: key,
      automation: [...key, 'automation-id'],
      'static-export': key,
      sweep: key,
      translations: [],
      gate: []
    })
  })

  it('keeps within the targets: at most 30 inputs each, a median of at most 21', () => {
    const counts = SUB_ACTION_NAMES.map((name) => declaredInputs(name).length).sort((a, b) => a - b)
    const middle = counts.length / 2
    const median = counts.length % 2 ? (counts[Math.floor(middle)] ?? 0) : ((counts[middle - 1] ?? 0) + (counts[middle] ?? 0)) / 2
    expect(Math.max(...counts)).toBeLessThanOrEqual(30)
    expect(median).toBeLessThanOrEqual(21)
  })

  it('defaults status-context to docs in docs-check/ only', () => {
    expect(actionYml('docs-check').inputs['status-context']?.default).toBe('docs')
    expect(actionYml('fix-checks').inputs['status-context']?.default).toBe('')
  })
})

/** Inputs that let every reader read to its end: valid values, a prompt, a job id, a domain. */
const VALUES: Record<string, string> = {
  'api-key': 'mint_test',
  'project-id': 'proj_1',
  prompt: 'Document it.',
  'job-id': 'job_1',
  'export-domain': 'docs.example.com',
  'automation-id': 'auto_1',
  // translations/ reads the key and the job's inputs only when it starts jobs.
  translate: 'true',
  [EXPORT_INPUT]: 'visitors'
}

/** Events enough to wake every part of every reader: a push, a pull request, a comment, a check event, a schedule. */
const EVENTS = ['push', 'pull_request', 'issue_comment', 'check_suite', 'schedule']

/** The names the step's readers ask its sub-action's reader for, under each of EVENTS, with and without a job id, every error aside. */
function namesRead(name: SubActionName): string[] {
  const asked = new Set<string>()
  for (const values of [VALUES, { ...VALUES, 'job-id': '' }])
    for (const eventName of EVENTS) {
      const env = Object.fromEntries(Object.entries(values).map(([input, value]) => [`INPUT_${input.toUpperCase()}`, value]))
      const step = subActionStep(name, (input) => values[input] ?? '', env)
      const recording = (input: string): string => {
        asked.add(input)
        return step.input(input)
      }
      try {
        readOperation(recording, { eventName, workspace: PROJECT_ROOT, now: 0, subAction: name })
      } catch {
        // A reader that refuses the event (fix-checks/ under a push) has read what it reads by then.
      }
    }
  // analytics/: `export` is read by the step itself, for the operation it names.
  if (SUB_ACTIONS[name].operation === EXPORT_INPUT) asked.add(EXPORT_INPUT)
  return [...asked].filter((input) => !['operation', 'environment', 'pr-number'].includes(input) || declaredInputs(name).includes(input))
}

/**
 * The inputs the root action.yml marks with a `deprecationMessage` (the static export's earlier API): still
 * declared, so that a workflow written for them runs and the runner warns, and read by nobody.
 */
const RETIRED = Object.entries(
  (parse(readFileSync(join(PROJECT_ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, { deprecationMessage?: string }> }).inputs
)
  .filter(([, spec]) => spec.deprecationMessage)
  .map(([input]) => input)

describe('the readers take the job', () => {
  it.each(SUB_ACTION_NAMES)(
    '%s/ reads exactly what it declares (operation fixed; environment and pr-number, read only to warn, and the retired inputs aside)',
    (name) => {
      expect(namesRead(name).sort()).toEqual(
        declaredInputs(name)
          .filter((input) => !RETIRED.includes(input))
          .sort()
      )
    }
  )

  it('declares the retired inputs on static-export/ with the root deprecationMessage, and no reader reads them', () => {
    expect(RETIRED.sort()).toEqual(['export-domain', 'export-paths', 'export-version'])
    const yml = parse(subActionYml('static-export', readFileSync(join(PROJECT_ROOT, 'action.yml'), 'utf8'))) as {
      inputs: Record<string, { deprecationMessage?: string }>
    }
    for (const input of RETIRED) expect(yml.inputs[input]?.deprecationMessage).toMatch(/^Mintlify's static export API no longer takes /)
    for (const name of SUB_ACTION_NAMES) expect(namesRead(name).filter((input) => RETIRED.includes(input))).toEqual([])
  })

  it('so message/ reads none of the docs check’s inputs, and gate/ neither api-key nor project-id', () => {
    expect(namesRead('message').filter((input) => ['status-context', 'paths', 'reviewers', 'fix-checks'].includes(input))).toEqual([])
    expect(namesRead('gate')).toEqual(expect.not.arrayContaining(['api-key', 'project-id']))
  })
})

describe('a sub-action’s step', () => {
  it('answers operation with its own, whatever the workflow gives', () => {
    const step = subActionStep('agent', (input) => (input === 'operation' ? 'gate' : ''), { INPUT_OPERATION: 'gate' })
    expect(step.input('operation')).toBe('job')
    expect(step.ignored).toBe(
      `Input 'operation' is not an input of agent/ and is ignored: agent/ takes ${declaredInputs('agent').join(', ')}.`
    )
  })

  it('answers a name it does not declare empty, and names every such input given in one warning', () => {
    const given: Record<string, string> = { 'export-domain': 'docs.example.com', 'page-size': '10', paths: 'src/**' }
    const env = { 'INPUT_EXPORT-DOMAIN': 'docs.example.com', 'INPUT_PAGE-SIZE': '10', INPUT_PATHS: 'src/**', 'INPUT_DRY-RUN': '' }
    const step = subActionStep('docs-check', (input) => given[input] ?? '', env)
    expect([step.input('export-domain'), step.input('paths')]).toEqual(['', 'src/**'])
    expect(step.ignored).toMatch(
      /^Inputs 'export-domain', 'page-size' are not inputs of docs-check\/ and are ignored: docs-check\/ takes api-key, /
    )
  })

  it.each([
    ['views', null],
    ['Searches', null],
    ['', "Input 'export' is required: say what to export, one of visitors, views, feedback, searches, assistant."],
    ['report', "Input 'export' must be one of visitors, views, feedback, searches, assistant; got 'report'."]
  ])('analytics/ with export %j runs that export, or refuses it naming export', (kind, problem) => {
    const step = subActionStep('analytics', (input) => (input === EXPORT_INPUT ? kind : ''), {})
    expect(step.problem?.message ?? null).toBe(problem)
    if (!problem) expect(step.input('operation')).toBe(kind.toLowerCase())
  })
})
