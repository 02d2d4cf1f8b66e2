/**
 * action.yml is the contract users read first: every input and output of DESIGN.md, each described,
 * with DESIGN.md's defaults, on node24.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { PROJECT_ROOT } from '../../scripts/run-action.js'
import { OUTCOMES } from '../../src/outcome.js'
import { defined } from '../expect-helpers.js'

interface ActionYml {
  name: string
  description: string
  branding: { icon: string; color: string }
  inputs: Record<string, { description: string; required?: boolean; default?: string }>
  outputs: Record<string, { description: string }>
  runs: { using: string; main: string }
}

const action = parse(readFileSync(join(PROJECT_ROOT, 'action.yml'), 'utf8')) as ActionYml

/** DESIGN.md's inputs table: name → default ('' where it has none). */
const DESIGN_INPUTS: Record<string, string> = {
  'api-key': '',
  'project-id': '',
  operation: 'job',
  prompt: '',
  'prompt-file': '',
  'job-id': '',
  context: 'true',
  wait: 'true',
  timeout: '30m',
  'poll-interval': '15s',
  'base-url': 'https://api.mintlify.com',
  'github-token': '${{ github.token }}',
  comment: 'true',
  'pr-number': '',
  // pr-number's new name (issue 35): the output pr-number is the agent's own pull request, another one.
  'comment-pr-number': '',
  trigger: '/docs',
  label: '',
  'min-permission': 'write',
  'allowed-bots': '',
  'marker-authors': '',
  'dry-run': 'false',
  'show-reader-text': 'false',
  'date-from': '',
  'date-to': '',
  'page-size': '',
  'max-requests': '100',
  'output-file': '',
  branch: '',
  'automation-id': '',
  'automation-trigger': 'schedule',
  'export-base-path': '',
  'export-domain': '',
  'export-version': '',
  'export-paths': '',
  environment: '',
  'docs-path': '.',
  'agent-label': 'docs-agent',
  'impact-weeks': '4',
  'assistant-key': '',
  subdomain: '',
  'stale-days': '7',
  orphans: 'comment',
  'max-follow-ups': '3',
  'operations-per-run': '96',
  languages: '',
  translate: 'false',
  'max-pages': '20',
  'max-jobs': '1',
  'group-runs': 'false',
  'docs-repository': '',
  'status-context': '',
  paths: '',
  reviewers: 'author',
  'fix-checks': '2',
  'fix-checks-statuses': '',
  'spend-limit': '',
  'spend-ledger': '',
  'spend-token': ''
}

const DESIGN_OUTPUTS = [
  'outcome',
  'job-id',
  'status',
  'pr-link',
  'pr-number',
  'pr-repository',
  'failure-reason',
  'job',
  'comment-url',
  'total-visitors',
  'human-visitors',
  'ai-visitors',
  'page-count',
  'file',
  'row-count',
  'report',
  'status-id',
  'preview-url',
  'docs-url',
  'automation-run',
  'sha256',
  'bundle-url',
  'grouped',
  'docs-state',
  'steer',
  'spend'
]

describe('action.yml', () => {
  it('declares exactly the inputs of DESIGN.md, with its defaults', () => {
    expect(Object.keys(action.inputs).sort()).toEqual(Object.keys(DESIGN_INPUTS).sort())
    for (const [name, fallback] of Object.entries(DESIGN_INPUTS))
      expect([name, defined(action.inputs[name], `input ${name}`).default ?? '']).toEqual([name, fallback])
  })

  it('requires only api-key and project-id', () => {
    const required = Object.entries(action.inputs)
      .filter(([, spec]) => spec.required)
      .map(([name]) => name)
    expect(required.sort()).toEqual(['api-key', 'project-id'])
  })

  it('declares exactly the outputs of DESIGN.md', () => {
    expect(Object.keys(action.outputs).sort()).toEqual([...DESIGN_OUTPUTS].sort())
  })

  it('describes every input and output in a sentence', () => {
    for (const [name, spec] of [...Object.entries(action.inputs), ...Object.entries(action.outputs)]) {
      expect([name, spec.description.length > 20]).toEqual([name, true])
    }
  })

  it('keeps every description to at most 300 characters, linking docs/ for the rest (issue 35)', () => {
    const long = [...Object.entries(action.inputs), ...Object.entries(action.outputs)]
      .filter(([, spec]) => spec.description.length > 300)
      .map(([name, spec]) => `${name}: ${spec.description.length}`)
    expect(long).toEqual([])
    expect(defined(action.inputs.operation, 'operation input').description).toContain('docs/reference.md#operations')
  })

  it('lists every outcome word the action can set in the outcome output', () => {
    const listed = defined(action.outputs.outcome, 'outcome output').description.match(/[a-z]+(?:-[a-z]+)*(?=[,.]| or )/g) ?? []
    for (const word of OUTCOMES) expect(listed).toContain(word)
  })

  it('runs dist/index.js on node24 and has branding', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' })
    expect(action.branding.icon).toBeTruthy()
    expect(action.branding.color).toBeTruthy()
  })
})
