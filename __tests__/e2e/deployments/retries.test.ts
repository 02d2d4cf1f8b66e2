/**
 * Triggers are POSTs: sent again only after a 429 (honouring Retry-After), never after a 5xx, a timeout or
 * a reset, where the deployment may have started; then the error says so. No run triggers twice. The
 * simulator's own rate limits (5 previews a minute; 10 deploys and automation triggers per 10 s) are met
 * as a user would meet them.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { Simulator } from '../../../simulator/index.js'
import { at, only, SHOWN_DURATION, shownDurationMs } from '../../expect-helpers.js'
import { expectFailedWith } from '../harness.js'
import { runOn } from '../triggers/helpers.js'
import {
  deploymentCalls,
  HeldClock,
  previewComments,
  releaseWhen,
  runDeploy,
  runPreviewOnPull,
  startHelloWorld,
  triggers
} from './helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

describe('a 429 on a trigger', () => {
  test('a deploy is sent again after Retry-After, and exactly one deployment results', async () => {
    sim.injectFault({ route: 'deploy', status: 429, retryAfter: '1', message: 'Rate limit exceeded' })
    const run = await runDeploy(sim)

    expect(run.outputs.outcome).toBe('deployed')
    expect(triggers(sim)).toHaveLength(2)
    const [first, second] = [at(triggers(sim), 0), at(triggers(sim), 1)]
    expect(second.at - first.at).toBeGreaterThanOrEqual(1000)
    expect(sim.deployments.list()).toHaveLength(1)
    expect(run.log).toContain(`POST /v1/project/update/${sim.projectId}: HTTP 429; retrying in 1s (attempt 2 of 5).`)
  })

  test('a preview is sent again after a plain-text 429, and one preview and one comment result', async () => {
    sim.injectFault({ route: 'preview', status: 429, retryAfter: '1', plainText: true, message: 'Too Many Requests' })
    const run = await runPreviewOnPull(sim)

    expect(run.outputs.outcome).toBe('deployed')
    expect(triggers(sim)).toHaveLength(2)
    expect(sim.deployments.list()).toHaveLength(1)
    expect(previewComments(sim)).toHaveLength(1)
  })
})

describe('a trigger whose answer is lost', () => {
  test('a 503 is not sent again: failed, saying the deployment may have started, one trigger', async () => {
    sim.injectFault({ route: 'deploy', status: 503, process: true })
    const run = await runDeploy(sim)

    expectFailedWith(
      run,
      'failed',
      /^Could not trigger the deployment: HTTP 503, the Mintlify API had a server error \(server: "Service Unavailable"\); the deployment may have started anyway, so check the deployments in the Mintlify dashboard before running again\.$/
    )
    expect(deploymentCalls(sim)).toEqual(['POST /update'])
    expect(sim.deployments.list()).toHaveLength(1)
    expect(run.outputs['status-id']).toBe('')
  })

  test('a preview that gets no answer before the timeout is not sent again, and the comment says it failed', async () => {
    sim.injectFault({ route: 'preview', delayMs: 4000 })
    const run = await runPreviewOnPull(sim, { timeout: '1500ms' })

    expectFailedWith(
      run,
      'failed',
      /^Could not trigger the preview of branch changes: no response within 1(\.\d)?s; the preview deployment may have started anyway, so check the previews of branch changes in the Mintlify dashboard before running again\.$/
    )
    expect(triggers(sim)).toHaveLength(1)
    const comment = only(previewComments(sim), 'preview comment')
    expect(comment.body).toMatch(/failed/)
    expect(comment.body).toContain('the preview deployment may have started anyway')
    expect(comment.body).not.toMatch(/ready/i)
  })

  test('a connection reset after the preview was made is not sent again', async () => {
    sim.injectFault({ route: 'preview', reset: true })
    const run = await runPreviewOnPull(sim)

    expectFailedWith(
      run,
      'failed',
      /^Could not trigger the preview of branch changes: the connection was closed before a response arrived; the preview deployment may have started anyway/
    )
    expect(triggers(sim)).toHaveLength(1)
    expect(sim.deployments.list()).toHaveLength(1)
  })

  test('a 202 whose body cannot be read is not sent again', async () => {
    sim.injectFault({ route: 'deploy', malformed: true })
    const run = await runDeploy(sim)

    expectFailedWith(run, 'failed', /the response was not the JSON the API documents; the deployment may have started anyway/)
    expect(triggers(sim)).toHaveLength(1)
  })
})

describe("the simulator's rate limits", () => {
  // The windows are the simulator's own; its clock stands still while the test fills one, so the request
  // under test meets exactly the window the test set up, on a quiet machine or a loaded one.
  const clock = new HeldClock()
  const PREVIEW_ROUTE = /^\/v1\/project\/preview\//
  beforeEach(async () => {
    await sim.close()
    sim = await startHelloWorld({ now: clock.now })
    clock.hold()
  })
  afterEach(() => clock.release())

  test('a sixth preview within a minute fails at once with the time to retry, when that is past the timeout', async () => {
    for (let i = 1; i <= 5; i++) {
      const run = await runPreviewOnPull(sim, { branch: `docs/page-${i}`, wait: 'false', comment: 'false' })
      expect(run.outputs.outcome).toBe('started')
    }
    releaseWhen(sim, clock, 'POST', PREVIEW_ROUTE, 'docs/page-6')
    const before = Date.now()
    const run = await runPreviewOnPull(sim, { branch: 'docs/page-6', comment: 'false', timeout: '20s' })

    expectFailedWith(
      run,
      'failed',
      new RegExp(
        String.raw`^Could not trigger the preview of branch docs\/page-6: HTTP 429, the rate limit is reached \(5 preview deployments per minute per organization\) \(server: "Rate limit exceeded: 5 preview deployments per 60 seconds per organization"\); the API asks to wait 1m 00s, more than the (${SHOWN_DURATION}) left before the timeout, so retry after (\d{4}-\d\d-\d\d \d\d:\d\d) UTC\.$`
      )
    )
    const [, left = '', retryAt = ''] =
      new RegExp(String.raw`the (${SHOWN_DURATION}) left before the timeout, so retry after (.+) UTC\.$`).exec(
        run.outputs['failure-reason'] ?? ''
      ) ?? []
    expect(shownDurationMs(left)).toBeGreaterThan(0)
    expect(shownDurationMs(left)).toBeLessThanOrEqual(20_000)
    // The time named is the minute after the window frees: never before the server allows, at most a minute later.
    const named = Date.parse(`${retryAt.replace(' ', 'T')}:00Z`)
    expect(named).toBeGreaterThanOrEqual(before + 60_000)
    expect(named).toBeLessThanOrEqual(Date.now() + 120_000)
    // At once: one request, no retry, no wait.
    expect(triggers(sim).filter((r) => r.body.includes('docs/page-6'))).toHaveLength(1)
    expect(run.log).not.toContain('retrying in')
    expect(sim.deployments.list()).toHaveLength(5)
  })

  test('a sixth preview waits for the window when the timeout allows, and one preview results', async () => {
    // A short window, so the wait fits in a test.
    sim.deployments.rateLimits.previews = { limit: 5, windowMs: 3000 }
    for (let i = 1; i <= 5; i++) await runPreviewOnPull(sim, { branch: `docs/page-${i}`, wait: 'false', comment: 'false' })
    releaseWhen(sim, clock, 'POST', PREVIEW_ROUTE, 'docs/page-6')
    const run = await runPreviewOnPull(sim, { branch: 'docs/page-6', wait: 'false', comment: 'false' })

    expect(run.outputs.outcome).toBe('started')
    const sixth = triggers(sim).filter((r) => r.body.includes('docs/page-6'))
    expect(sixth).toHaveLength(2)
    expect(at(sixth, 1).at - at(sixth, 0).at).toBeGreaterThanOrEqual(3000)
    expect(sim.deployments.list().filter((d) => d.branch === 'docs/page-6')).toHaveLength(1)
    expect(run.log).toMatch(/HTTP 429; retrying in 3s \(attempt 2 of 5\)/)
  })

  test('deploys and automation triggers share one limit: a deploy after an automation run waits its turn', async () => {
    sim.deployments.rateLimits.triggers = { limit: 1, windowMs: 2000 }
    const automation = sim.deployments.addAutomation()
    const first = await runOn(sim, 'push', {}, { inputs: { operation: 'automation', 'automation-id': automation.id } })
    releaseWhen(sim, clock, 'POST', /^\/v1\/project\/update\//)
    const second = await runDeploy(sim, { wait: 'false' })

    expect([first.outputs.outcome, second.outputs.outcome]).toEqual(['started', 'started'])
    expect(deploymentCalls(sim)).toEqual([`POST /workflow/${automation.id}/trigger`, 'POST /update', 'POST /update'])
    expect(second.log).toMatch(/HTTP 429; retrying in 2s \(attempt 2 of 5\)/)
    expect(sim.deployments.list()).toHaveLength(1)
  })
})
