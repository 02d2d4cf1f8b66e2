/**
 * Every whole workflow the README and docs/ show is valid against GitHub's workflow schema, as
 * @action-validator/core checks it (issue 35: the docs check for one repository joined them).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { validateWorkflow } from '@action-validator/core'
import { PROJECT_ROOT } from '../../scripts/run-action.js'
import { WORKFLOW_PAGES } from '../e2e/readme-helpers.js'

/** The page's YAML blocks that are whole workflows (they have `jobs:`), as text. */
function workflowTexts(page: string): string[] {
  const text = readFileSync(join(PROJECT_ROOT, page), 'utf8')
  return [...text.matchAll(/```yaml\n([\s\S]*?)```/g)].map((block) => block[1] ?? '').filter((yaml) => /^jobs:/m.test(yaml))
}

const workflows = WORKFLOW_PAGES.flatMap((page) => workflowTexts(page).map((yaml) => [page, /^name: (.*)$/m.exec(yaml)?.[1] ?? '', yaml]))

describe('the workflows of the pages', () => {
  it('are found, the docs check in one repository among them', () => {
    expect(workflows.map(([, name]) => name)).toContain('Docs check in one repository')
  })

  it.each(workflows)('%s: %s is valid against the workflow schema', (_page, _name, yaml) => {
    expect(validateWorkflow(yaml ?? '').errors).toEqual([])
  })
})
