/**
 * The repository's own automation: every workflow is valid against GitHub's workflow schema (checked with
 * action-validator, the schema GitHub publishes on SchemaStore), Dependabot's file has the shape it
 * reads, CI runs the checks a change has to pass (the action itself included), and a release moves the
 * major tag that the README's `@v1` examples use.
 */
import { describe, expect, it } from '@jest/globals'
import { validateWorkflow, type ValidationState } from '@action-validator/core'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { PROJECT_ROOT } from '../../scripts/run-action.js'
import { at, defined } from '../expect-helpers.js'

interface Step {
  id?: string
  name?: string
  uses?: string
  run?: string
  if?: string
  with?: Record<string, string>
}

interface Job {
  steps: Step[]
  needs?: string | string[]
  if?: string
  permissions?: Record<string, string>
}

interface Workflow {
  on: Record<string, unknown>
  permissions?: Record<string, string>
  jobs: Record<string, Job>
}

const WORKFLOWS = join(PROJECT_ROOT, '.github', 'workflows')
const workflowFiles = readdirSync(WORKFLOWS).filter((name) => /\.ya?ml$/.test(name))
const read = (...path: string[]): string => readFileSync(join(PROJECT_ROOT, ...path), 'utf8')
const workflow = (name: string): Workflow => parse(read('.github', 'workflows', name)) as Workflow
const steps = (flow: Workflow): Step[] => Object.values(flow.jobs).flatMap((job) => job.steps)
const runs = (flow: Workflow): string =>
  steps(flow)
    .map((step) => step.run ?? '')
    .join('\n')

/** The validator's findings as one line each, so a failing test says what is wrong and where. */
function problems(state: ValidationState): string[] {
  return state.errors.map((error) => `${'path' in error ? error.path : ''} ${error.title}${error.detail ? `: ${error.detail}` : ''}`)
}

describe('workflow files', () => {
  it('are the ones the repository relies on', () => {
    expect(workflowFiles.sort()).toEqual(['ci.yml', 'codeql.yml', 'release.yml'])
  })

  it.each(workflowFiles)('%s is valid against the workflow schema', (name) => {
    expect(problems(validateWorkflow(read('.github', 'workflows', name)))).toEqual([])
  })

  it('the validator rejects a workflow GitHub would reject (a job without runs-on, a misspelt key)', () => {
    const broken = read('.github', 'workflows', 'ci.yml').replace('    runs-on: ubuntu-latest\n', '    runs_on: ubuntu-latest\n')
    expect(broken).not.toEqual(read('.github', 'workflows', 'ci.yml'))
    expect(problems(validateWorkflow(broken)).length).toBeGreaterThan(0)
  })

  it.each(workflowFiles)(
    '%s pins every action to a full commit SHA, its version in a comment, and keeps the token read-only at the top',
    (name) => {
      const flow = workflow(name)
      const uses = [...read('.github', 'workflows', name).matchAll(/^\s*(?:- )?uses: (.*)$/gm)].map((match) => match[1] ?? '')
      expect(uses.length).toBe(steps(flow).filter((step) => step.uses).length)
      for (const pin of uses.filter((text) => text !== './')) expect(pin).toMatch(/^[\w-]+\/[\w./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/)
      expect(flow.permissions).toEqual({ contents: 'read' })
    }
  )

  it.each(workflowFiles)('%s leaves no credentials behind on any checkout', (name) => {
    const checkouts = steps(workflow(name)).filter((step) => step.uses?.startsWith('actions/checkout@'))
    expect(checkouts.length).toBeGreaterThan(0)
    for (const checkout of checkouts) expect(String(checkout.with?.['persist-credentials'])).toBe('false')
  })
})

describe('ci.yml', () => {
  const ci = workflow('ci.yml')

  it('runs on pushes and pull requests', () => {
    expect(Object.keys(ci.on)).toEqual(expect.arrayContaining(['push', 'pull_request']))
  })

  it('installs from the lock file, lints, checks the format and runs the tests', () => {
    for (const command of ['npm ci', 'npm run lint', 'npm run format:check', 'npm test']) expect(runs(ci)).toContain(command)
  })

  it('fails when dist/ differs from a fresh build, and uploads the fresh one', () => {
    const dist = defined(ci.jobs.dist, 'the dist job').steps
    expect(dist.map((step) => step.run ?? '').join('\n')).toMatch(/npm run build[\s\S]*git status --porcelain -- dist[\s\S]*exit 1/)
    expect(dist.find((step) => step.uses?.startsWith('actions/upload-artifact@'))?.if).toContain('failure()')
  })

  it('runs the action itself with uses: ./ against the simulator and asserts the outcome', () => {
    const action = defined(ci.jobs.action, 'the action job').steps
    expect(runs(ci)).toContain('npm run simulator -- --port')
    const agent = action.find((step) => step.uses === './' && step.id === 'agent')
    expect(agent?.with).toMatchObject({ comment: false, 'base-url': 'http://127.0.0.1:${{ env.SIMULATOR_PORT }}' })
    const check = at(action, action.indexOf(defined(agent, 'the uses: ./ step')) + 1, 'the step after the action')
    expect(JSON.stringify(check)).toContain('steps.agent.outputs.outcome')
    expect(check.run).toContain('pr-opened')
  })

  it('sets Node up from .node-version in every job', () => {
    const setups = steps(ci).filter((step) => step.uses?.startsWith('actions/setup-node@'))
    expect(setups).toHaveLength(Object.keys(ci.jobs).length)
    for (const setup of setups) expect(setup.with?.['node-version-file']).toBe('.node-version')
    expect(read('.node-version').trim()).toBe('24')
  })
})

describe('codeql.yml', () => {
  const codeql = workflow('codeql.yml')

  it('analyses javascript-typescript on push, pull request and a schedule, allowed to write security events', () => {
    expect(Object.keys(codeql.on)).toEqual(expect.arrayContaining(['push', 'pull_request', 'schedule']))
    expect(steps(codeql).find((step) => step.uses?.startsWith('github/codeql-action/init@'))?.with?.languages).toBe('javascript-typescript')
    expect(defined(codeql.jobs.analyze, 'the analyze job').permissions?.['security-events']).toBe('write')
  })
})

describe('releases', () => {
  const release = workflow('release.yml')
  const script = read('scripts', 'release.sh')
  const build = defined(release.jobs.build, 'the build job')
  const publish = defined(release.jobs.publish, 'the publish job')
  const text = (step: Step): string => JSON.stringify(step)

  it('start from a dispatch with a version or from a pushed version tag, in two jobs', () => {
    expect(release.on).toMatchObject({ workflow_dispatch: { inputs: { version: { required: true } } }, push: { tags: ['v*.*.*'] } })
    expect(Object.keys(release.jobs)).toEqual(['build', 'publish'])
    expect(runs(release)).toContain('bash scripts/release.sh "$VERSION" --check')
    expect(runs(release)).toContain('bash scripts/release.sh "$VERSION" --publish')
  })

  it('build with a read-only token (the npm cache allowed): install, test, and prove a fresh build reproduces dist/', () => {
    expect(build.permissions).toEqual({ contents: 'read' })
    expect(build.steps.map((step) => step.run ?? '').join('\n')).toMatch(/npm ci[\s\S]*npm test[\s\S]*release\.sh "\$VERSION" --check/)
    expect(build.steps.filter((step) => /github\.token|secrets\.|GH_TOKEN|GITHUB_TOKEN/.test(text(step)))).toEqual([])
  })

  it('publish from a job of its own that needs the build: checkout, the tag checks, git and gh only, no Node and no npm', () => {
    expect(publish.needs).toBe('build')
    expect(publish.permissions).toEqual({ contents: 'write' })
    expect(publish.steps.map((step) => step.uses ?? 'run')).toEqual([expect.stringMatching(/^actions\/checkout@/), 'run'])
    const checkout = defined(publish.steps[0], 'the checkout')
    expect(checkout.with).toMatchObject({ 'fetch-depth': 0, 'fetch-tags': true })
    expect(String(checkout.with?.['persist-credentials'])).toBe('false')
    const last = defined(publish.steps.at(-1), 'the publish step')
    expect(last.run).not.toMatch(/\b(npm|npx|node|yarn|pnpm)\b/)
    expect(last.run).toContain('extraheader')
    expect(last.run).toContain('--publish')
  })

  it('check the version, package.json and dist/ in --check, which makes no tag', () => {
    const check = script.slice(script.indexOf('check() {'), script.indexOf('tag_release() {'))
    expect(check).toContain('package.json says')
    expect(check).toContain('npm run -s build')
    expect(check).toContain('git status --porcelain -- dist')
    expect(check).not.toContain('git tag')
    expect(script).toMatch(/check\) check ;;/)
  })

  it('tag and publish with git and gh only: --publish runs nothing installed', () => {
    const gitOnly = script.slice(script.indexOf('tag_release() {'), script.indexOf('# One after another'))
    expect(gitOnly).not.toMatch(/\b(npm|node|npx)\b/)
    expect(gitOnly.indexOf('git tag -a "$tag"')).toBeGreaterThan(0)
    expect(gitOnly.indexOf('git push origin "$tag"')).toBeGreaterThan(gitOnly.indexOf('git tag -a "$tag"'))
    expect(script).toMatch(/publish\)\n\s+tag_release\n\s+publish\n/)
  })

  it('tag vX.Y.Z, move the major tag the README pins (@v1) and force-push it, never back to an older release', () => {
    expect(script).toMatch(/major_tag="v\$\{BASH_REMATCH\[1\]\}"/)
    expect(script).toContain('must not move back')
    expect(script).toContain('git tag -fa "$major_tag"')
    expect(script).toContain('git push origin "$major_tag" --force')
    expect(read('README.md')).toMatch(/your-org\/docs-agent-action\/[a-z-]+@v1/)
  })
})

describe('dependabot.yml', () => {
  interface Update {
    'package-ecosystem': string
    directory: string
    schedule: { interval: string }
    groups?: Record<string, { 'dependency-type'?: string; patterns?: string[]; 'update-types'?: string[] }>
  }
  const dependabot = parse(read('.github', 'dependabot.yml')) as { version: number; updates: Update[] }

  it('updates npm packages and GitHub Actions weekly, in groups', () => {
    expect(dependabot.version).toBe(2)
    expect(dependabot.updates.map((update) => update['package-ecosystem']).sort()).toEqual(['github-actions', 'npm'])
    for (const update of dependabot.updates) {
      expect(update).toMatchObject({ directory: '/', schedule: { interval: 'weekly' } })
      expect(Object.keys(update.groups ?? {}).length).toBeGreaterThan(0)
    }
  })

  it('gives every group a rule Dependabot accepts', () => {
    for (const group of dependabot.updates.flatMap((update) => Object.values(update.groups ?? {}))) {
      expect(group['dependency-type'] ?? 'development').toMatch(/^(development|production)$/)
      for (const type of group['update-types'] ?? []) expect(['major', 'minor', 'patch']).toContain(type)
      expect(group['dependency-type'] !== undefined || group.patterns !== undefined).toBe(true)
    }
  })
})
