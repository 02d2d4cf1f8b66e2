/**
 * planDeployment: what a deploy or preview run will do, decided before anything is sent, for every
 * kind × fork × dry-run × comment × environment × wait × where the target's pull request is known.
 */
import { describe, expect, it } from '@jest/globals'
import type { DeploymentRequest } from '../../../src/operations/deployments/inputs.js'
import { endsWithLastWord, environmentEnd, planDeployment, previewMarker } from '../../../src/operations/deployments/plan.js'
import type { DeploymentTarget } from '../../../src/operations/deployments/target.js'
import { judgeDeployment } from '../../../src/operations/deployments/verdicts.js'
import { deploymentReport, deploymentRun, deploymentStatus } from '../../fixtures/deployment-records.js'

const RUN_URL = 'https://github.com/acme/docs/actions/runs/42'
const SHA = 'cafe'.repeat(10)

const PREVIEW: DeploymentRequest = { kind: 'preview', branch: '', docsFolder: 'docs/' }
const DEPLOY: DeploymentRequest = { kind: 'deploy' }

/** Where the target's pull request comes from: the event (or pr-number), a pushed commit to look up, or nowhere. */
const PULLS = {
  event: { pull: 7, pullOfCommit: null },
  push: { pull: null, pullOfCommit: SHA },
  none: { pull: null, pullOfCommit: null }
} as const

function targetOf(kind: 'deploy' | 'preview', pulls: keyof typeof PULLS, fork: string | null): DeploymentTarget {
  return { branch: kind === 'preview' ? 'feature/x' : null, sha: SHA, fork, ...PULLS[pulls] }
}

const cases = (['deploy', 'preview'] as const).flatMap((kind) =>
  [null, '', 'contributor/docs'].flatMap((fork) =>
    [false, true].flatMap((dryRun) =>
      [false, true].flatMap((comment) =>
        ['', 'docs-env'].flatMap((environment) =>
          [false, true].flatMap((wait) =>
            (['event', 'push', 'none'] as const).map((pulls) => ({ kind, fork, dryRun, comment, environment, wait, pulls }))
          )
        )
      )
    )
  )
)

describe('planDeployment: every kind × fork × dry-run × comment × environment × wait × pull request', () => {
  it.each(cases)('$kind, fork $fork, dry-run $dryRun, comment $comment, environment "$environment", wait $wait, pull from $pulls', (c) => {
    const target = targetOf(c.kind, c.pulls, c.fork)
    const inputs = { projectId: 'acme-docs', dryRun: c.dryRun, comment: c.comment, wait: c.wait, environment: c.environment }
    const plan = planDeployment(c.kind === 'deploy' ? DEPLOY : PREVIEW, target, inputs, RUN_URL)

    // A fork's branch cannot be built: a preview of one is skipped before anything else, even a dry run.
    if (c.kind === 'preview' && c.fork !== null) {
      expect(plan).toEqual({ kind: 'skip', verdict: expect.objectContaining({ outcome: 'skipped', result: 'notice' }) })
      expect(plan.kind === 'skip' && plan.verdict.headline).toContain(c.fork ? `the fork ${c.fork}` : 'a fork')
      return
    }
    if (c.dryRun) {
      expect(plan).toEqual({ kind: 'dry-run', verdict: expect.objectContaining({ outcome: 'dry-run', result: 'notice' }) })
      expect(plan.kind === 'dry-run' && plan.verdict.headline.includes('recorded in the GitHub environment docs-env')).toBe(
        c.environment !== ''
      )
      return
    }
    const marker = previewMarker('feature/x')
    const comment =
      c.kind === 'preview' && c.comment && c.pulls !== 'none'
        ? c.pulls === 'event'
          ? { where: 'pull', pull: 7, marker }
          : { where: 'commit', sha: SHA, marker }
        : { where: 'none' }
    expect(plan).toEqual({
      kind: 'trigger',
      trigger:
        c.kind === 'deploy'
          ? { operation: 'deploy', projectId: 'acme-docs', environment: c.environment || null }
          : { operation: 'preview', projectId: 'acme-docs', branch: 'feature/x', environment: c.environment || null },
      comment,
      environment: c.environment ? { kind: c.kind, environment: 'docs-env', sha: SHA, branch: target.branch, runUrl: RUN_URL } : null,
      follow: c.wait,
      pagesUnder: c.kind === 'preview' ? 'docs/' : null
    })
  })

  it('gives each branch a comment of its own, even where the marker would read two names alike', () => {
    expect(previewMarker('docs/a')).not.toBe(previewMarker('docs_a'))
    expect(previewMarker('docs/a')).toBe(previewMarker('docs/a'))
  })
})

describe('what a run ends as', () => {
  const plan = (follow: boolean) => {
    const made = planDeployment(
      PREVIEW,
      targetOf('preview', 'event', null),
      { projectId: 'acme-docs', dryRun: false, comment: true, wait: follow, environment: 'docs-env' },
      RUN_URL
    )
    if (made.kind !== 'trigger') throw new Error('expected a trigger plan')
    return made
  }

  it.each([
    ['followed, triggered', true, 'st_1', true],
    ['followed, the trigger refused', true, null, true],
    ['not followed, triggered: the comment and the environment keep saying building', false, 'st_1', false],
    ['not followed, the trigger refused: they still get the failure', false, null, true]
  ] as const)('%s', (_name, follow, statusId, lastWord) => {
    expect(endsWithLastWord(plan(follow), deploymentReport(deploymentRun(), { statusId }))).toBe(lastWord)
  })

  it.each([
    ['a ready preview: success, with the preview', deploymentRun(), { state: 'success', url: 'https://acme-feature-x.mintlify.app' }],
    [
      'a deployed site: success, with the site',
      deploymentRun({ kind: 'deploy', branch: null, previewUrl: null }),
      { state: 'success', url: 'https://acme.mintlify.site' }
    ],
    ['a failed build: failure', deploymentRun({ status: deploymentStatus({ status: 'failure' }) }), { state: 'failure', url: null }],
    ['timed out: error (this run cannot say)', deploymentRun({ ended: 'timed-out', status: null }), { state: 'error', url: null }],
    ['cancelled: error', deploymentRun({ ended: 'cancelled', status: null }), { state: 'error', url: null }]
  ] as const)('the environment of %s', (_name, run, end) => {
    expect(environmentEnd({ ...deploymentReport(run), verdict: judgeDeployment(run) })).toEqual(end)
  })
})
