/** Which checks on the agent's head count as running, passed or failed, as DESIGN lists them. */
import { describe, expect, it } from '@jest/globals'
import type { CheckRun, CommitStatusFacts } from '../../../src/github/api.js'
import {
  countedContexts,
  failedNames,
  sortHeadChecks,
  verdictOfRun,
  verdictOfStatus
} from '../../../src/operations/fix-checks/check-states.js'

function run(name: string, status: string, conclusion = ''): CheckRun {
  return {
    id: 1,
    name,
    app: 'mintlify',
    status,
    conclusion,
    title: '',
    summary: '',
    annotationsCount: 0,
    detailsUrl: '',
    actionsJob: null,
    suiteId: 1
  }
}

function status(context: string, state: string): CommitStatusFacts {
  return { context, state, description: '', targetUrl: '' }
}

describe('verdictOfRun', () => {
  it.each([
    ['completed', 'failure', 'failed'],
    ['completed', 'timed_out', 'failed'],
    ['completed', 'action_required', 'failed'],
    ['completed', 'startup_failure', 'failed'],
    ['completed', 'success', 'passed'],
    ['completed', 'neutral', 'passed'],
    ['completed', 'skipped', 'passed'],
    ['completed', 'stale', 'passed'],
    ['completed', 'cancelled', 'passed'],
    ['queued', '', 'pending'],
    ['in_progress', '', 'pending'],
    ['waiting', '', 'pending'],
    ['requested', '', 'pending'],
    ['pending', '', 'pending']
  ])('a run %s with conclusion %p is %s', (runStatus, conclusion, verdict) => {
    expect(verdictOfRun(runStatus, conclusion)).toBe(verdict)
  })
})

describe('verdictOfStatus', () => {
  it.each([
    ['failure', 'failed'],
    ['error', 'failed'],
    ['pending', 'pending'],
    ['success', 'passed']
  ])('a status %s is %s', (state, verdict) => {
    expect(verdictOfStatus(state)).toBe(verdict)
  })
})

describe('sortHeadChecks', () => {
  const runs = [run('link-rot', 'completed', 'failure'), run('build', 'in_progress'), run('vale', 'completed', 'success')]
  const statuses = [status('ci/spell', 'error'), status('ci/slow', 'pending'), status('docs', 'failure'), status('ci/ok', 'success')]

  it('names what still runs, and keeps what failed, runs and statuses apart', () => {
    const checks = sortHeadChecks(runs, statuses, ['ci/spell', 'ci/slow', 'docs', 'ci/ok'])
    expect(checks.pending).toEqual(['build', 'ci/slow'])
    expect(checks.failedRuns.map((r) => r.name)).toEqual(['link-rot'])
    expect(checks.failedStatuses.map((s) => s.context)).toEqual(['ci/spell', 'docs'])
    expect(failedNames(checks)).toEqual(['link-rot', 'ci/spell', 'docs'])
  })

  it('counts only the statuses of the contexts named: a CLA failure or a pending preview is nobody’s round', () => {
    const named = [...statuses, status('license/cla', 'failure'), status('preview', 'pending')]
    const checks = sortHeadChecks(runs, named, ['ci/spell'])
    expect(checks.pending).toEqual(['build'])
    expect(failedNames(checks)).toEqual(['link-rot', 'ci/spell'])
  })

  it('counts no status when no context is named, and check runs as before', () => {
    const checks = sortHeadChecks(runs, statuses, [])
    expect(checks.pending).toEqual(['build'])
    expect(failedNames(checks)).toEqual(['link-rot'])
  })

  it('names a context exactly: another case or a longer name is another status', () => {
    expect(failedNames(sortHeadChecks([], [status('CI/Spell', 'error'), status('ci/spell-2', 'error')], ['ci/spell']))).toEqual([])
  })

  it('has nothing running and nothing failed on a head without checks', () => {
    expect(sortHeadChecks([], [], ['docs'])).toEqual({ pending: [], failedRuns: [], failedStatuses: [] })
  })
})

describe('countedContexts', () => {
  it("never counts the action's own docs-check context, even when fix-checks-statuses names it", () => {
    expect(countedContexts(['docs', 'ci/jenkins'], 'docs')).toEqual(['ci/jenkins'])
    const checks = sortHeadChecks(
      [],
      [status('docs', 'failure'), status('ci/jenkins', 'pending')],
      countedContexts(['docs', 'ci/jenkins'], 'docs')
    )
    expect(failedNames(checks)).toEqual([])
    expect(checks.pending).toEqual(['ci/jenkins'])
  })

  it('keeps every named context when the workflow sets no status-context', () => {
    expect(countedContexts(['ci/jenkins'], '')).toEqual(['ci/jenkins'])
  })
})
