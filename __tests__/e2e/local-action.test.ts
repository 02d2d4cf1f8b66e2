/**
 * `npm run local-action -- <folder>`: GitHub's @github/local-action runs each sub-action's src/ entry with
 * that folder's action.yml against the simulator, to the outcome its job reaches with .env.example's inputs.
 */
import { beforeAll, describe, expect, jest, test } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { PROJECT_ROOT } from '../../scripts/run-action.js'
import { SUB_ACTION_NAMES, type SubActionName } from '../../src/sub-action-names.js'

// local-action transpiles the TypeScript source on each run: some 25 s on a quiet machine.
jest.setTimeout(180_000)

beforeAll(() => {
  const built = spawnSync('npx', ['--no-install', 'tsc', '-p', 'tsconfig.scripts.json'], { cwd: PROJECT_ROOT, encoding: 'utf8' })
  expect(built.status).toBe(0)
}, 180_000)

/**
 * What each reaches with .env.example's inputs under workflow_dispatch: a job, an export, a report
 * (improve/: the report's findings start a job, which opens its pull request), a deployment; a
 * follow-up to a job the simulator does not have and an automation it does not know fail as the API
 * answers; fix-checks/ runs under check events only.
 */
const OUTCOMES: Record<SubActionName, string> = {
  agent: 'pr-opened',
  message: 'failed',
  'docs-check': 'pr-opened',
  'fix-checks': 'failed',
  analytics: 'exported',
  report: 'reported',
  improve: 'pr-opened',
  deploy: 'deployed',
  preview: 'deployed',
  automation: 'failed',
  'static-export': 'exported',
  sweep: 'swept',
  // local-action's workspace is no checkout: the report needs the repository's history.
  translations: 'failed',
  gate: 'skipped'
}

describe('@github/local-action', () => {
  test.each(SUB_ACTION_NAMES)('runs %s/ from its src/ entry with its own action.yml', (name) => {
    const run = spawnSync('node', ['.build/scripts/local-action.js', name], { cwd: PROJECT_ROOT, encoding: 'utf8' })
    expect(run.stdout).toContain(`running ${name}/../src/entries/${name}.ts with @github/local-action`)
    expect(/local-action exited with \d+; outcome: ([\w-]+)/.exec(run.stdout)?.[1]).toBe(OUTCOMES[name])
    // Its inputs only: .env.example's operation is none of them.
    expect(run.stdout).not.toContain('is not an input of')
  })
})
