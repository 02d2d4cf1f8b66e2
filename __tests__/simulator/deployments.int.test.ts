import { beforeEach, describe, expect, it } from '@jest/globals'
import { isValidBranchName } from '../../simulator/deployments/names.js'
import { SIM_GITHUB_TOKEN, type Simulator, type SimulatorOptions } from '../../simulator/index.js'
import { at, defined, only } from '../expect-helpers.js'
import { requestSimulator, simulatorPerTest, type SimReply } from './harness.js'

const { start, current } = simulatorPerTest()

// The deployment endpoints run on a clock the tests own: a deployment's status and the rate-limit
// windows move only when `advance` says so.
const T0 = Date.parse('2026-06-15T12:00:00.000Z')
let clock = T0
const advance = (ms: number): void => {
  clock += ms
}
beforeEach(() => {
  clock = T0
})
const startOnClock = (options: SimulatorOptions = {}): Promise<Simulator> => start({ now: () => clock, ...options })

type Json = Record<string, unknown>

interface MintlifyOptions {
  body?: unknown
  rawBody?: string
  key?: string | null
  headers?: Record<string, string>
}

/** A Mintlify request with the simulator's admin key (or `key`; null: no Authorization header). */
function api<T = Json>(method: string, path: string, options: MintlifyOptions = {}): Promise<SimReply<T>> {
  const s = current()
  const key = options.key === undefined ? s.apiKey : options.key
  return requestSimulator<T>(s, method, path, { ...options, authorization: key === null ? null : `Bearer ${key}` })
}

const deploy = (options: MintlifyOptions = {}): Promise<SimReply<Json>> => api('POST', `/v1/project/update/${current().projectId}`, options)
const preview = (branch: unknown = 'docs/billing', options: MintlifyOptions = {}): Promise<SimReply<Json>> =>
  api('POST', `/v1/project/preview/${current().projectId}`, { body: { branch }, ...options })
const statusOf = (statusId: string): Promise<SimReply<Json>> => api('GET', `/v1/project/update-status/${statusId}`)
const trigger = (automationId: string, options: MintlifyOptions = {}): Promise<SimReply<Json>> =>
  api('POST', `/v1/workflow/${current().projectId}/${automationId}/trigger`, options)

/** The statusId of a trigger that must have been accepted. */
function accepted(reply: SimReply<Json>): string {
  expect(reply.status).toBe(202)
  return String(reply.json.statusId)
}

const iso = (ms: number): string => new Date(ms).toISOString()

describe('deploy', () => {
  it('answers 202 {statusId}, and the status goes queued, in_progress, success by the clock (300 ms, then 1200 ms)', async () => {
    const s = await startOnClock()
    const reply = await deploy()
    expect(reply.status).toBe(202)
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/)
    expect(reply.json).toEqual({ statusId: expect.stringMatching(/^[0-9a-f]{24}$/) })
    const statusId = String(reply.json.statusId)

    const seen: unknown[] = []
    for (const ms of [0, 299, 1, 1199, 1]) {
      advance(ms)
      seen.push((await statusOf(statusId)).json.status)
    }
    expect(seen).toEqual(['queued', 'queued', 'in_progress', 'in_progress', 'success'])

    const done = await statusOf(statusId)
    expect(done.status).toBe(200)
    const screenshot = `https://mintlify-screenshots.s3.us-west-1.amazonaws.com/proj_sim/${statusId}`
    expect(done.json).toEqual({
      _id: statusId,
      projectId: 'proj_sim',
      createdAt: iso(T0),
      endedAt: iso(T0 + 1500),
      status: 'success',
      summary: 'Deployment succeeded',
      logs: expect.arrayContaining(['Deployed to https://octo-org.mintlify.site']),
      subdomain: 'octo-org',
      screenshot: `${screenshot}.png`,
      screenshotLight: `${screenshot}-light.png`,
      screenshotDark: `${screenshot}-dark.png`,
      author: { name: 'Octo Cat', avatarUrl: expect.stringMatching(/^https:\/\//), githubUserId: 583231 },
      commit: {
        sha: expect.stringMatching(/^[0-9a-f]{40}$/),
        ref: 'main',
        message: expect.stringContaining('\n'),
        filesChanged: { added: ['billing.mdx'], modified: ['docs.json', 'quickstart.mdx'], removed: [] }
      },
      source: 'api'
    })

    const deployment = only(s.deployments.list(), 'deployment')
    expect(deployment).toMatchObject({ statusId, kind: 'deploy', branch: null, previewUrl: null, createdAt: T0, polls: 6 })
    expect(deployment.record()).toEqual(done.json)
    expect(deployment.polls).toBe(6) // record() is not a poll
  })

  it('leaves endedAt, summary and screenshots out until the deployment has ended', async () => {
    await startOnClock()
    const statusId = accepted(await deploy())
    const queued = (await statusOf(statusId)).json
    expect(queued).toMatchObject({ status: 'queued', logs: [] })
    for (const field of ['endedAt', 'summary', 'screenshot', 'screenshotLight', 'screenshotDark']) expect(queued).not.toHaveProperty(field)
    advance(400)
    const building = (await statusOf(statusId)).json
    expect(building.status).toBe('in_progress')
    expect(building).not.toHaveProperty('endedAt')
    expect(building).toHaveProperty('commit')
  })

  it('writes the log as the build goes, the last line only once it has ended', async () => {
    const s = await startOnClock()
    const logs = ['one', 'two', 'three', 'four']
    s.deployments.scriptNext({ queuedMs: 0, inProgressMs: 1000, logs })
    const statusId = accepted(await deploy())
    const seen: unknown[] = []
    for (const ms of [0, 250, 250, 499, 1]) {
      advance(ms)
      seen.push((await statusOf(statusId)).json.logs)
    }
    expect(seen).toEqual([[], ['one'], ['one', 'two'], ['one', 'two', 'three'], logs])
  })

  it('fails with its summary and a 40-line log ending in the error, without screenshots', async () => {
    const s = await startOnClock()
    s.deployments.scriptNext({ outcome: 'failure', queuedMs: 100, inProgressMs: 900 })
    const statusId = accepted(await deploy())
    advance(1000)
    const failed = (await statusOf(statusId)).json
    expect(failed).toMatchObject({ status: 'failure', endedAt: iso(T0 + 1000), summary: expect.stringContaining('</Card>') })
    const logs = failed.logs as string[]
    expect(logs).toHaveLength(40)
    expect(logs.slice(-2)).toEqual(['Error: quickstart.mdx:12:3: Unexpected closing tag "</Card>"', 'Build failed with 1 error'])
    expect(failed).not.toHaveProperty('screenshot')
    expect(failed).not.toHaveProperty('screenshotDark')
  })

  it('follows queued scripts in order, then the default script', async () => {
    const s = await startOnClock()
    s.deployments.scriptNext({ outcome: 'failure', queuedMs: 0, inProgressMs: 0 })
    s.deployments.scriptNext({ outcome: 'never', queuedMs: 0, inProgressMs: 0 })
    const ids = [accepted(await deploy()), accepted(await deploy()), accepted(await deploy())]
    s.deployments.defaultScript = { outcome: 'failure', summary: 'Always fails' }
    ids.push(accepted(await deploy()))
    advance(60 * 60 * 1000)
    const records = await Promise.all(ids.map(async (id) => (await statusOf(id)).json))
    expect(records.map((r) => [r.status, r.summary])).toEqual([
      ['failure', expect.stringContaining('Build failed')],
      ['in_progress', undefined],
      ['success', 'Deployment succeeded'],
      ['failure', 'Always fails']
    ])
    expect(new Set(ids).size).toBe(4)
  })

  it('serves planted commit, author, screenshots, source, subdomain and extra fields', async () => {
    const s = await startOnClock()
    s.deployments.scriptNext({
      queuedMs: 0,
      inProgressMs: 0,
      summary: 'Built 3 pages',
      logs: ['built'],
      commit: { sha: 'a'.repeat(40), message: 'Fix the quickstart', filesChanged: { removed: ['old.mdx'] } },
      author: null,
      screenshot: 'http://insecure.example/shot.png',
      screenshotLight: null,
      source: 'dashboard',
      subdomain: 'acme',
      extra: { buildMinutes: 2 }
    })
    const record = (await statusOf(accepted(await deploy()))).json
    expect(record).toMatchObject({
      status: 'success',
      summary: 'Built 3 pages',
      logs: ['built'],
      author: null,
      screenshot: 'http://insecure.example/shot.png',
      screenshotDark: expect.stringMatching(/-dark\.png$/),
      source: 'dashboard',
      subdomain: 'acme',
      buildMinutes: 2,
      // The files not planted keep their defaults.
      commit: {
        sha: 'a'.repeat(40),
        ref: 'main',
        message: 'Fix the quickstart',
        filesChanged: { added: ['billing.mdx'], modified: ['docs.json', 'quickstart.mdx'], removed: ['old.mdx'] }
      }
    })
    expect(record).not.toHaveProperty('screenshotLight')
  })

  it('sends minimal records, status names it does not document, and deployments that never end', async () => {
    const s = await startOnClock()
    s.deployments.scriptNext({ minimal: true, queuedMs: 0, inProgressMs: 100 })
    s.deployments.scriptNext({ runningStatus: 'building', outcome: 'never', queuedMs: 0 })
    const minimal = accepted(await deploy())
    const unknown = accepted(await deploy())
    expect((await statusOf(minimal)).json).toEqual({ _id: minimal, status: 'in_progress' })
    expect((await statusOf(unknown)).json.status).toBe('building')
    advance(24 * 60 * 60 * 1000)
    expect((await statusOf(minimal)).json).toEqual({ _id: minimal, status: 'success' })
    expect((await statusOf(unknown)).json).toMatchObject({ status: 'building' })
    expect(s.deployments.get(unknown)?.status()).toBe('building')
  })

  it('deploys the deployment branch and names the site after the subdomain, both settable', async () => {
    const s = await startOnClock({ repository: 'https://github.com/Acme-Corp/handbook' })
    expect(s.deployments.subdomain).toBe('acme-corp')
    s.deployments.deploymentBranch = 'production'
    s.deployments.subdomain = 'handbook'
    s.deployments.scriptNext({ queuedMs: 0, inProgressMs: 0 })
    const record = (await statusOf(accepted(await deploy()))).json
    expect(record).toMatchObject({ subdomain: 'handbook', commit: { ref: 'production' } })
    expect(record.logs).toEqual(expect.arrayContaining([expect.stringContaining('Cloning Acme-Corp/handbook at production')]))
  })
})

describe('preview', () => {
  it('answers 202 {statusId, previewUrl} and builds the branch; a redeploy keeps the URL', async () => {
    const s = await startOnClock()
    const first = await preview('docs/Billing_v2')
    expect(first.status).toBe(202)
    expect(first.json).toEqual({
      statusId: expect.stringMatching(/^[0-9a-f]{24}$/),
      previewUrl: 'https://octo-org-docs-billing-v2.mintlify.site'
    })
    const again = await preview('docs/Billing_v2')
    expect(again.json.previewUrl).toBe(first.json.previewUrl)
    expect(again.json.statusId).not.toBe(first.json.statusId)

    advance(1500)
    const record = (await statusOf(String(first.json.statusId))).json
    expect(record).toMatchObject({ status: 'success', subdomain: 'octo-org-docs-billing-v2', commit: { ref: 'docs/Billing_v2' } })
    expect(s.deployments.list().map((d) => [d.kind, d.branch, d.previewUrl])).toEqual([
      ['preview', 'docs/Billing_v2', first.json.previewUrl],
      ['preview', 'docs/Billing_v2', first.json.previewUrl]
    ])
  })

  it('answers 400 for a missing, mistyped, empty or invalid branch and for a body that is not JSON, creating nothing', async () => {
    const s = await startOnClock()
    s.deployments.rateLimits.previews.limit = 100
    const cases: [string, Promise<SimReply<Json>>][] = [
      ['missing', api('POST', `/v1/project/preview/${s.projectId}`, { body: {} })],
      ['number', preview(7)],
      ['empty', preview('')],
      ['space', preview('my branch')],
      ['double dot', preview('a..b')],
      ['lock', preview('feature.lock')],
      ['leading dash', preview('-x')],
      [
        'not JSON',
        api('POST', `/v1/project/preview/${s.projectId}`, { rawBody: '{branch', headers: { 'content-type': 'application/json' } })
      ],
      ['no content type', api('POST', `/v1/project/preview/${s.projectId}`, { rawBody: '{"branch":"main"}' })],
      ['array', api('POST', `/v1/project/preview/${s.projectId}`, { body: ['main'] })]
    ]
    for (const [name, pending] of cases) {
      const reply = await pending
      expect([name, reply.status, typeof reply.json.error]).toEqual([name, 400, 'string'])
    }
    expect((await preview('')).json).toEqual({ error: "Field 'branch' must not be empty" })
    expect((await api('POST', `/v1/project/preview/${s.projectId}`, { body: {} })).json).toEqual({
      error: "Missing required field 'branch'"
    })
    expect((await preview('a..b')).json).toEqual({ error: "Invalid branch name 'a..b'" })
    expect(s.deployments.list()).toEqual([])
  })

  it('answers 403 while previews are off (a plan without them), and builds again once on', async () => {
    const s = await startOnClock()
    s.deployments.setPreviewsEnabled(false)
    const refused = await preview()
    expect([refused.status, refused.json]).toEqual([403, { error: 'Preview deployments are not available on your current plan.' }])
    expect(s.deployments.list()).toEqual([])
    expect((await deploy()).status).toBe(202) // production deploys are not a plan feature
    s.deployments.setPreviewsEnabled(true)
    expect((await preview()).status).toBe(202)
  })
})

describe('branch names', () => {
  it('takes what git takes as a branch name', () => {
    for (const name of ['main', 'docs/billing', 'renovate/npm-1.x', 'feature_2', 'v1.2.3', 'user@host', 'ünïcode']) {
      expect([name, isValidBranchName(name)]).toEqual([name, true])
    }
    const refused = ['', '@', 'a b', 'a..b', 'a~1', 'a^', 'a:b', 'a?', 'a*', 'a[b', 'a\\b', 'a@{1}', 'a//b', '/a', 'a/', 'a.', '-a']
    for (const name of [...refused, '.hidden', 'a/.b', 'x.lock', 'a/b.lock/c', 'tab\there', 'del\u007f', 'x'.repeat(256)]) {
      expect([name, isValidBranchName(name)]).toEqual([name, false])
    }
  })
})

describe('update status', () => {
  it('answers 404 {error} for an unknown status id, and needs the key though no project is in the path', async () => {
    await startOnClock()
    const unknown = await statusOf('0123456789abcdef01234567')
    expect([unknown.status, unknown.json]).toEqual([404, { error: 'Deployment status not found' }])
    const statusId = accepted(await deploy())
    const refused = await api('GET', `/v1/project/update-status/${statusId}`, { key: 'mint_wrong' })
    expect([refused.status, refused.json]).toEqual([401, { error: 'Unauthorized' }])
  })

  it('serves planted deployments at once, ended when planted in the past', async () => {
    const s = await startOnClock()
    const old = s.deployments.plant({ createdAt: T0 - 60_000, outcome: 'failure' })
    const running = s.deployments.plant({ statusId: 'aaaaaaaaaaaaaaaaaaaaaaaa', branch: 'docs/new', inProgressMs: 5000 })
    expect(old.kind).toBe('planted')
    expect((await statusOf(old.statusId)).json).toMatchObject({
      status: 'failure',
      createdAt: iso(T0 - 60_000),
      endedAt: iso(T0 - 60_000 + 1500),
      source: 'github'
    })
    expect(running).toMatchObject({ branch: 'docs/new', previewUrl: 'https://octo-org-docs-new.mintlify.site' })
    advance(300)
    expect((await statusOf('aaaaaaaaaaaaaaaaaaaaaaaa')).json).toMatchObject({ status: 'in_progress', commit: { ref: 'docs/new' } })
    expect(s.deployments.list().map((d) => d.statusId)).toEqual([old.statusId, 'aaaaaaaaaaaaaaaaaaaaaaaa'])
    expect(() => s.deployments.plant({ statusId: 'aaaaaaaaaaaaaaaaaaaaaaaa' })).toThrow('already exists')
    expect(() => s.deployments.plant({ branch: 'a..b' })).toThrow('Invalid branch name')
  })
})

describe('automation trigger', () => {
  it('answers 202 {schemaId, instanceId, jobId} and records the run', async () => {
    const s = await startOnClock()
    const automation = s.deployments.addAutomation({ name: 'Changelog' })
    expect(automation).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      active: true,
      customSchedule: true,
      projectId: 'proj_sim'
    })
    const first = await trigger(automation.id)
    expect(first.status).toBe(202)
    expect(first.json).toEqual({ schemaId: automation.id, instanceId: expect.stringMatching(/^[0-9a-f]{24}$/), jobId: expect.any(String) })
    advance(1000)
    const second = await trigger(automation.id)
    expect(second.json.instanceId).not.toBe(first.json.instanceId)
    expect(second.json.jobId).not.toBe(first.json.jobId)
    expect(automation.runs).toEqual([
      { ...first.json, at: T0 },
      { ...second.json, at: T0 + 1000 }
    ])
    expect(s.deployments.automations()).toEqual([automation])
    expect(s.deployments.list()).toEqual([]) // a run is not a deployment
  })

  it('answers 400 for a malformed id, an inactive automation or one without a custom schedule, and 404 for one not in this project', async () => {
    const s = await startOnClock()
    const inactive = s.deployments.addAutomation({ active: false })
    const scheduled = s.deployments.addAutomation({ customSchedule: false })
    const elsewhere = s.deployments.addAutomation({ projectId: 'proj_other' })
    const cases: [string, number, string][] = [
      ['not-an-id', 400, 'Invalid automation ID: expected 24 hexadecimal characters'],
      ['ABCDEF0123456789ABCDEF01', 400, 'Invalid automation ID: expected 24 hexadecimal characters'],
      [inactive.id, 400, 'Automation is not active'],
      [scheduled.id, 400, 'Automation is not configured with a custom schedule'],
      ['0123456789abcdef01234567', 404, 'Automation not found'],
      [elsewhere.id, 404, 'Automation not found']
    ]
    for (const [id, status, error] of cases) {
      const reply = await trigger(id)
      expect([id, reply.status, reply.json]).toEqual([id, status, { error }])
    }
    inactive.active = true
    expect((await trigger(inactive.id)).status).toBe(202)
    expect(inactive.runs).toHaveLength(1)
    expect(() => s.deployments.addAutomation({ id: inactive.id })).toThrow('already exists')
  })
})

describe('auth and project', () => {
  it('answers 401 without the admin key and 404 for another project on every trigger, counting none', async () => {
    const s = await startOnClock()
    const automation = s.deployments.addAutomation()
    const paths = [`/v1/project/update/{p}`, `/v1/project/preview/{p}`, `/v1/workflow/{p}/${automation.id}/trigger`]
    for (const path of paths) {
      const own = path.replace('{p}', s.projectId)
      for (const key of [null, 'mint_wrong', `${s.apiKey}x`]) {
        const reply = await api('POST', own, { key, body: { branch: 'main' } })
        expect([path, key, reply.status, reply.json]).toEqual([path, key, 401, { error: 'Unauthorized' }])
      }
      const other = await api('POST', path.replace('{p}', 'proj_other'), { body: { branch: 'main' } })
      expect([path, other.status, other.json]).toEqual([path, 404, { error: 'Project not found' }])
    }
    expect(s.deployments.list()).toEqual([])
    expect(automation.runs).toEqual([])
    // None of those counted against the rate limits.
    s.deployments.rateLimits = { previews: { limit: 1, windowMs: 60_000 }, triggers: { limit: 1, windowMs: 10_000 } }
    expect((await preview()).status).toBe(202)
    expect((await deploy()).status).toBe(202)
  })

  it('answers 404 for a method a path does not have', async () => {
    const s = await startOnClock()
    expect((await api('GET', `/v1/project/update/${s.projectId}`)).status).toBe(404)
    expect((await api('POST', `/v1/project/update-status/${accepted(await deploy())}`)).status).toBe(404)
  })
})

describe('rate limits', () => {
  it('takes 5 previews a minute, then answers 429 with Retry-After until the first one leaves the window', async () => {
    const s = await startOnClock()
    for (let i = 0; i < 5; i++) {
      expect((await preview(`branch-${i}`)).status).toBe(202)
      advance(1000)
    }
    const refused = await preview('branch-5')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/)
    expect(refused.json).toEqual({ error: 'Rate limit exceeded: 5 preview deployments per 60 seconds per organization' })
    expect(refused.headers.get('retry-after')).toBe('55')
    // Deploys have their own limit.
    expect((await deploy()).status).toBe(202)

    advance(54_999)
    expect((await preview('branch-5')).headers.get('retry-after')).toBe('1')
    advance(1)
    expect((await preview('branch-5')).status).toBe(202)
    // Only the second slot has freed since: the next waits for the one taken at T0 + 1 s.
    expect((await preview('branch-6')).headers.get('retry-after')).toBe('1')
    expect(s.deployments.list().filter((d) => d.kind === 'preview')).toHaveLength(6)
  })

  it('shares 10 per 10 seconds between deploys and automation triggers', async () => {
    const s = await startOnClock()
    const automation = s.deployments.addAutomation()
    for (let i = 0; i < 5; i++) expect((await deploy()).status).toBe(202)
    advance(4000)
    for (let i = 0; i < 5; i++) expect((await trigger(automation.id)).status).toBe(202)
    for (const refused of [await deploy(), await trigger(automation.id)]) {
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toBe('6')
      expect(refused.json.error).toBe('Rate limit exceeded: 10 deployments and automation triggers per 10 seconds per organization')
    }
    // Previews have their own limit.
    expect((await preview()).status).toBe(202)

    advance(6000)
    for (let i = 0; i < 5; i++) expect((await deploy()).status).toBe(202)
    expect((await trigger(automation.id)).headers.get('retry-after')).toBe('4')
    expect(s.deployments.list().filter((d) => d.kind === 'deploy')).toHaveLength(10)
    expect(automation.runs).toHaveLength(5)
  })

  it('counts refused requests (400, 403, 404) but not the 429s themselves', async () => {
    const s = await startOnClock()
    s.deployments.setPreviewsEnabled(false)
    for (const branch of ['', 'a..b', 7, 'main', 'docs']) expect((await preview(branch)).status).not.toBe(202)
    s.deployments.setPreviewsEnabled(true)
    expect((await preview('main')).status).toBe(429)
    advance(30_000)
    expect((await preview('main')).status).toBe(429) // a 429 did not push the window on
    advance(30_000)
    expect((await preview('main')).status).toBe(202)

    for (let i = 0; i < 10; i++) expect((await trigger('0123456789abcdef01234567')).status).toBe(404)
    expect((await deploy()).status).toBe(429)
  })

  it('follows changed limits, and recovers on the real clock by default', async () => {
    const s = await start()
    s.deployments.rateLimits.triggers = { limit: 1, windowMs: 300 }
    expect((await deploy()).status).toBe(202)
    const refused = await deploy()
    // A window under a second still asks for a whole second: Retry-After has no fractions.
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, '1'])
    // The slot is held from the moment the deploy was counted, which is when it was created.
    const counted = only(s.deployments.list(), 'deployment').createdAt
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, counted + 310 - Date.now())))
    expect((await deploy()).status).toBe(202)
  })
})

describe('faults and recording', () => {
  it('records every trigger and poll among the Mintlify requests', async () => {
    const s = await startOnClock()
    const automation = s.deployments.addAutomation()
    const statusId = accepted(await deploy())
    await statusOf(statusId)
    await statusOf(statusId)
    await preview('docs')
    await trigger(automation.id)
    expect(s.mintlifyRequests().map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/project/update/proj_sim',
      `GET /v1/project/update-status/${statusId}`,
      `GET /v1/project/update-status/${statusId}`,
      'POST /v1/project/preview/proj_sim',
      `POST /v1/workflow/proj_sim/${automation.id}/trigger`
    ])
    expect(at(s.mintlifyRequests(), 3).body).toBe('{"branch":"docs"}')
    expect(s.deployments.get(statusId)?.polls).toBe(2)
  })

  it('applies faults to each endpoint by its route name, and to all of them as any', async () => {
    const s = await startOnClock()
    const automation = s.deployments.addAutomation()
    s.injectFault({ route: 'deploy', status: 503 })
    s.injectFault({ route: 'preview', malformed: true })
    s.injectFault({ route: 'automation', retryAfter: '7', plainText: true, message: 'Too Many Requests' })

    const unavailable = await deploy()
    expect([unavailable.status, unavailable.json]).toEqual([503, { error: 'Service Unavailable' }])
    expect(s.deployments.list()).toEqual([]) // not processed

    // Malformed: the server did it, the answer was lost half-way.
    const cut = await preview('docs')
    expect(cut.status).toBe(202)
    expect(cut.json).toBeUndefined()
    expect(cut.text).toMatch(/^\{"statusId":/)
    const created = only(s.deployments.list(), 'preview')

    const limited = await trigger(automation.id)
    expect([limited.status, limited.text, limited.headers.get('retry-after')]).toEqual([429, 'Too Many Requests', '7'])
    expect(automation.runs).toEqual([])

    s.injectFault({ route: 'deployment-status', skip: 1, reset: true })
    expect((await statusOf(created.statusId)).status).toBe(200)
    await expect(statusOf(created.statusId)).rejects.toThrow()
    s.injectFault({ route: 'any', status: 500 })
    expect((await statusOf(created.statusId)).status).toBe(500)
    expect((await statusOf(created.statusId)).status).toBe(200)
  })
})

// ---- GitHub ----------------------------------------------------------------------------------------

const REPO = 'octo-org/docs'
const GH = `/api/v3/repos/${REPO}`
const HEAD_SHA = 'c0ffee'.padEnd(40, '0')

interface GitHubDeploymentJson {
  id: number
  url: string
  sha: string
  ref: string
  environment: string
  statuses_url: string
  [field: string]: unknown
}
interface GitHubStatusJson {
  id: number
  state: string
  [field: string]: unknown
}
interface GitHubFileJson {
  filename: string
  status: string
  previous_filename?: string
  [field: string]: unknown
}

function gh<T = Json>(method: string, path: string, options: { body?: unknown; token?: string } = {}): Promise<SimReply<T>> {
  return requestSimulator<T>(current(), method, path, { body: options.body, authorization: `token ${options.token ?? SIM_GITHUB_TOKEN}` })
}

/** A simulator whose docs repository has pull request #7 (branch docs/billing) and issue #8. */
async function startWithPull(): Promise<Simulator> {
  const s = await startOnClock()
  s.github.addIssue(REPO, {
    number: 7,
    title: 'Document billing',
    pullRequest: true,
    headSha: HEAD_SHA,
    headRef: 'docs/billing',
    commits: ['Add billing', 'Link billing'],
    files: [
      { filename: 'billing.mdx', status: 'added' },
      'quickstart.mdx',
      { filename: 'old.mdx', status: 'removed' },
      { filename: 'api/intro.mdx', status: 'renamed', previousFilename: 'intro.mdx', additions: 2, deletions: 1 }
    ]
  })
  s.github.addIssue(REPO, { number: 8, title: 'Not a pull request' })
  return s
}

const createDeployment = (body: Json, token?: string): Promise<SimReply<GitHubDeploymentJson>> =>
  gh<GitHubDeploymentJson>('POST', `${GH}/deployments`, { body, token })
const createStatus = (id: number, body: Json): Promise<SimReply<GitHubStatusJson>> =>
  gh<GitHubStatusJson>('POST', `${GH}/deployments/${id}/statuses`, { body })

describe('GitHub deployments', () => {
  it('creates a deployment with 201 in GitHub shape, with GitHub defaults for what the request leaves out', async () => {
    const s = await startWithPull()
    const reply = await createDeployment({ ref: HEAD_SHA })
    expect(reply.status).toBe(201)
    const id = reply.json.id
    expect(reply.json).toEqual({
      url: `${s.url}${GH}/deployments/${id}`,
      id,
      node_id: expect.any(String),
      sha: HEAD_SHA,
      ref: HEAD_SHA,
      task: 'deploy',
      payload: {},
      original_environment: 'production',
      environment: 'production',
      description: '',
      creator: expect.objectContaining({ login: 'github-actions[bot]', type: 'Bot' }),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      updated_at: expect.any(String),
      statuses_url: `${s.url}${GH}/deployments/${id}/statuses`,
      repository_url: `${s.url}${GH}`,
      transient_environment: false,
      production_environment: true,
      performed_via_github_app: null
    })
    expect(only(s.github.deployments(REPO), 'deployment')).toMatchObject({ required_contexts: null, auto_merge: true, statuses: [] })
  })

  it('records what the action sends for a preview: environment, transient, no contexts, no auto-merge, payload', async () => {
    const s = await startWithPull()
    const reply = await createDeployment({
      ref: 'docs/billing',
      environment: 'docs-preview',
      transient_environment: true,
      production_environment: false,
      required_contexts: [],
      auto_merge: false,
      description: 'Mintlify preview',
      payload: '{"statusId":"abc"}'
    })
    expect(reply.status).toBe(201)
    expect(reply.json).toMatchObject({
      sha: HEAD_SHA,
      ref: 'docs/billing',
      environment: 'docs-preview',
      transient_environment: true,
      production_environment: false,
      payload: { statusId: 'abc' }
    })
    expect(only(s.github.deployments(REPO), 'deployment')).toMatchObject({
      environment: 'docs-preview',
      required_contexts: [],
      auto_merge: false,
      description: 'Mintlify preview',
      creator: 'github-actions[bot]'
    })
  })

  it("resolves a ref from a full sha, a pull request's head branch or commit, and main; else 422", async () => {
    await startWithPull()
    const firstCommit = String((await gh<Json[]>('GET', `${GH}/pulls/7/commits`)).json.map((c) => c.sha)[0])
    expect((await createDeployment({ ref: 'F'.repeat(40) })).json.sha).toBe('f'.repeat(40))
    expect((await createDeployment({ ref: 'refs/heads/docs/billing' })).json.sha).toBe(HEAD_SHA)
    expect((await createDeployment({ ref: firstCommit })).json.sha).toBe(firstCommit)
    expect((await createDeployment({ ref: 'main' })).json.sha).toMatch(/^[0-9a-f]{40}$/)
    const unknown = await createDeployment({ ref: 'no-such-branch' })
    expect([unknown.status, unknown.json.message]).toEqual([422, 'No ref found for: no-such-branch'])
  })

  it('answers 422 for a missing ref and for mistyped fields, and 400 for a body that is not JSON', async () => {
    const s = await startWithPull()
    const missing = await createDeployment({ environment: 'docs' })
    expect([missing.status, missing.json.message]).toEqual([422, 'Invalid request.\n\n"ref" wasn\'t supplied.'])
    const mistyped: [Json, string][] = [
      [{ ref: 7 }, `For 'properties/ref', 7 is not a string.`],
      [{ ref: 'main', auto_merge: 'no' }, `For 'properties/auto_merge', "no" is not a boolean.`],
      [{ ref: 'main', required_contexts: [1] }, `For 'properties/required_contexts', [1] is not an array of strings.`],
      [{ ref: 'main', payload: 3 }, `For 'properties/payload', 3 is not an object or a string.`]
    ]
    for (const [body, reason] of mistyped) {
      const reply = await createDeployment(body)
      expect([reply.status, reply.json.message]).toEqual([422, `Invalid request.\n\n${reason}`])
    }
    const broken = await requestSimulator<Json>(s, 'POST', `${GH}/deployments`, {
      rawBody: '{',
      authorization: `token ${SIM_GITHUB_TOKEN}`
    })
    expect([broken.status, broken.json.message]).toEqual([400, 'Problems parsing JSON'])
    expect(s.github.deployments(REPO)).toEqual([])
  })

  it('lists deployments newest first, filtered by sha, ref, task and environment, paginated', async () => {
    const s = await startWithPull()
    const a = (await createDeployment({ ref: 'main', environment: 'docs' })).json
    const b = (await createDeployment({ ref: HEAD_SHA, environment: 'docs-preview' })).json
    const c = (await createDeployment({ ref: 'docs/billing', environment: 'docs-preview', task: 'deploy:migrate' })).json
    const ids = async (query: string): Promise<number[]> =>
      (await gh<GitHubDeploymentJson[]>('GET', `${GH}/deployments${query}`)).json.map((d) => d.id)
    expect(await ids('')).toEqual([c.id, b.id, a.id])
    expect(await ids('?environment=docs-preview')).toEqual([c.id, b.id])
    expect(await ids(`?sha=${HEAD_SHA}`)).toEqual([c.id, b.id])
    expect(await ids('?ref=docs/billing')).toEqual([c.id])
    expect(await ids('?task=deploy')).toEqual([b.id, a.id])
    expect(await ids('?environment=nowhere')).toEqual([])
    const page = await gh<GitHubDeploymentJson[]>('GET', `${GH}/deployments?per_page=2&page=2`)
    expect(page.json.map((d) => d.id)).toEqual([a.id])
    expect(page.headers.get('link')).toBe(
      `<${s.url}${GH}/deployments?per_page=2&page=1>; rel="prev", <${s.url}${GH}/deployments?per_page=2&page=1>; rel="first"`
    )
  })

  it('adds statuses with 201 in GitHub shape and lists them newest first', async () => {
    const s = await startWithPull()
    const deployment = (await createDeployment({ ref: HEAD_SHA, environment: 'docs-preview', transient_environment: true })).json
    const runUrl = 'https://github.com/octo-org/docs/actions/runs/1'
    const progress = await createStatus(deployment.id, { state: 'in_progress', log_url: runUrl, description: 'Building the preview' })
    expect(progress.status).toBe(201)
    expect(progress.json).toEqual({
      url: `${deployment.url}/statuses/${progress.json.id}`,
      id: progress.json.id,
      node_id: expect.any(String),
      state: 'in_progress',
      creator: expect.objectContaining({ login: 'github-actions[bot]' }),
      description: 'Building the preview',
      environment: 'docs-preview',
      target_url: runUrl,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      deployment_url: deployment.url,
      repository_url: `${s.url}${GH}`,
      environment_url: '',
      log_url: runUrl,
      performed_via_github_app: null
    })
    const site = 'https://octo-org-docs-billing.mintlify.site'
    const success = await createStatus(deployment.id, { state: 'success', environment_url: site, target_url: runUrl })
    expect(success.json).toMatchObject({ state: 'success', environment_url: site, log_url: runUrl, target_url: runUrl })

    const listed = await gh<GitHubStatusJson[]>('GET', `${GH}/deployments/${deployment.id}/statuses`)
    expect(listed.json.map((st) => st.state)).toEqual(['success', 'in_progress'])
    expect(only(s.github.deployments(REPO), 'deployment').statuses).toEqual([
      expect.objectContaining({ state: 'in_progress', log_url: runUrl, environment_url: '', description: 'Building the preview' }),
      expect.objectContaining({ state: 'success', environment_url: site, creator: 'github-actions[bot]' })
    ])
  })

  it('refuses an unknown state, a description over 140 characters and an unknown deployment', async () => {
    const s = await startWithPull()
    const { id } = (await createDeployment({ ref: 'main' })).json
    const unknown = await createStatus(id, { state: 'done' })
    expect(unknown.status).toBe(422)
    expect(unknown.json.message).toContain('"done" is not a member of')
    expect((await createStatus(id, {})).json.message).toBe('Invalid request.\n\n"state" wasn\'t supplied.')
    const long = await createStatus(id, { state: 'success', description: 'x'.repeat(141) })
    expect([long.status, long.json.message]).toEqual([422, 'Validation Failed'])
    expect(long.json.errors).toEqual([expect.objectContaining({ field: 'description', message: expect.stringContaining('140') })])
    expect((await createStatus(id, { state: 'success', description: 'x'.repeat(140) })).status).toBe(201)
    expect((await createStatus(id + 1, { state: 'success' })).status).toBe(404)
    expect((await gh('GET', `${GH}/deployments/${id + 1}/statuses`)).status).toBe(404)
    expect(only(s.github.deployments(REPO), 'deployment').statuses).toHaveLength(1)
  })

  it('moves a deployment to the environment a status names', async () => {
    const s = await startWithPull()
    const { id } = (await createDeployment({ ref: 'main', environment: 'staging' })).json
    expect((await createStatus(id, { state: 'success', environment: 'docs' })).json.environment).toBe('docs')
    expect(only(s.github.deployments(REPO), 'deployment')).toMatchObject({ environment: 'docs', original_environment: 'staging' })
  })

  it('marks earlier successful deployments of the environment inactive on success, unless transient, production or told not to', async () => {
    const s = await startWithPull()
    const make = async (body: Json): Promise<number> => {
      const { id } = (await createDeployment({ ref: 'main', ...body })).json
      await createStatus(id, { state: 'success' })
      return id
    }
    const kept = {
      transient: await make({ environment: 'docs-preview', transient_environment: true }),
      other: await make({ environment: 'elsewhere' })
    }
    const earlier = await make({ environment: 'docs-preview' })
    const production = await make({ environment: 'docs-preview', production_environment: true })
    const failed = (await createDeployment({ ref: 'main', environment: 'docs-preview' })).json.id
    await createStatus(failed, { state: 'failure' })
    const latest = await make({ environment: 'docs-preview' })
    const states = (id: number): string[] => defined(s.github.deployments(REPO).find((d) => d.id === id)).statuses.map((st) => st.state)
    expect(states(earlier)).toEqual(['success', 'inactive'])
    expect([states(kept.transient), states(kept.other), states(production), states(failed), states(latest)]).toEqual([
      ['success'],
      ['success'],
      ['success'],
      ['failure'],
      ['success']
    ])
    // auto_inactive false leaves the one before alone.
    const { id } = (await createDeployment({ ref: 'main', environment: 'docs-preview' })).json
    await createStatus(id, { state: 'success', auto_inactive: false })
    expect(states(latest)).toEqual(['success'])
  })

  it("answers 403 to a token without deployments permission, and 403 to a read-only token's writes", async () => {
    const s = await startWithPull()
    const { id } = (await createDeployment({ ref: 'main' })).json
    s.github.addToken('ghs_reader', { identity: 'reader[bot]', repositories: { [REPO]: 'read' } })
    const readerWrite = await createDeployment({ ref: 'main' }, 'ghs_reader')
    expect([readerWrite.status, readerWrite.json.message]).toEqual([403, 'Resource not accessible by integration'])
    expect((await gh('GET', `${GH}/deployments`, { token: 'ghs_reader' })).status).toBe(200)

    s.github.forbid('deployments')
    for (const [method, path, body] of [
      ['POST', `${GH}/deployments`, { ref: 'main' }],
      ['GET', `${GH}/deployments`, undefined],
      ['POST', `${GH}/deployments/${id}/statuses`, { state: 'success' }],
      ['GET', `${GH}/deployments/${id}/statuses`, undefined]
    ] as const) {
      const reply = await gh(method, path, { body })
      expect([method, path, reply.status, reply.json.message]).toEqual([method, path, 403, 'Resource not accessible by integration'])
    }
    expect((await gh('GET', `${GH}/pulls/7`)).status).toBe(200) // other families still work
    expect(only(s.github.deployments(REPO), 'deployment').statuses).toEqual([])
  })

  it('works with Octokit as the action calls it', async () => {
    const s = await startWithPull()
    const { getOctokit } = await import('@actions/github')
    const octokit = getOctokit(SIM_GITHUB_TOKEN, { baseUrl: `${s.url}/api/v3` })
    const [owner, repo] = ['octo-org', 'docs']
    const created = await octokit.rest.repos.createDeployment({
      owner,
      repo,
      ref: HEAD_SHA,
      environment: 'docs-preview',
      transient_environment: true,
      production_environment: false,
      required_contexts: [],
      auto_merge: false
    })
    expect(created.status).toBe(201)
    if (!('id' in created.data)) throw new Error('expected a deployment, not a merge message')
    const deploymentId = created.data.id
    await octokit.rest.repos.createDeploymentStatus({
      owner,
      repo,
      deployment_id: deploymentId,
      state: 'in_progress',
      log_url: 'https://x/run'
    })
    await octokit.rest.repos.createDeploymentStatus({
      owner,
      repo,
      deployment_id: deploymentId,
      state: 'success',
      environment_url: 'https://x.mintlify.site'
    })
    const statuses = await octokit.rest.repos.listDeploymentStatuses({ owner, repo, deployment_id: deploymentId })
    expect(statuses.data.map((st) => [st.state, st.environment_url])).toEqual([
      ['success', 'https://x.mintlify.site'],
      ['in_progress', '']
    ])
    const listed = await octokit.rest.repos.listDeployments({ owner, repo, environment: 'docs-preview' })
    expect(listed.data.map((d) => d.id)).toEqual([deploymentId])
    const files = await octokit.paginate(octokit.rest.pulls.listFiles, { owner, repo, pull_number: 7, per_page: 3 })
    expect(files.map((f) => [f.filename, f.status, f.previous_filename])).toEqual([
      ['billing.mdx', 'added', undefined],
      ['quickstart.mdx', 'modified', undefined],
      ['old.mdx', 'removed', undefined],
      ['api/intro.mdx', 'renamed', 'intro.mdx']
    ])
  })

  it('applies the deployment fault routes to deployment and status creation only', async () => {
    const s = await startWithPull()
    const { id } = (await createDeployment({ ref: 'main' })).json
    s.injectFault({ route: 'github-deployment-create', status: 502 })
    s.injectFault({ route: 'github-deployment-status', status: 500 })
    expect((await gh('GET', `${GH}/deployments`)).status).toBe(200)
    const failed = await createDeployment({ ref: 'main' })
    expect([failed.status, failed.json.message]).toEqual([502, 'Bad Gateway'])
    expect((await createStatus(id, { state: 'success' })).status).toBe(500)
    expect((await createStatus(id, { state: 'success' })).status).toBe(201)
    expect(s.github.deployments(REPO)).toHaveLength(1)
  })
})

describe('GitHub pull request files', () => {
  it('lists planted files in GitHub shape, with each status and the previous name of a rename', async () => {
    const s = await startWithPull()
    const reply = await gh<GitHubFileJson[]>('GET', `${GH}/pulls/7/files`)
    expect(reply.status).toBe(200)
    expect(reply.headers.get('link')).toBeNull()
    const [added, modified, removed, renamed] = reply.json
    expect(added).toEqual({
      sha: expect.stringMatching(/^[0-9a-f]{40}$/),
      filename: 'billing.mdx',
      status: 'added',
      additions: 10,
      deletions: 0,
      changes: 10,
      blob_url: `https://github.com/${REPO}/blob/${HEAD_SHA}/billing.mdx`,
      raw_url: `https://github.com/${REPO}/raw/${HEAD_SHA}/billing.mdx`,
      contents_url: `${s.url}${GH}/contents/billing.mdx?ref=${HEAD_SHA}`
    })
    expect(modified).toMatchObject({ filename: 'quickstart.mdx', status: 'modified', additions: 1, deletions: 1 })
    expect(removed).toMatchObject({ filename: 'old.mdx', status: 'removed', additions: 0, deletions: 10 })
    expect(renamed).toMatchObject({
      filename: 'api/intro.mdx',
      status: 'renamed',
      previous_filename: 'intro.mdx',
      additions: 2,
      deletions: 1,
      changes: 3
    })
    expect(modified).not.toHaveProperty('previous_filename')
  })

  it('replaces the files of a pull request, and refuses a rename without its old name', async () => {
    const s = await startWithPull()
    s.github.setPullFiles(REPO, 7, ['index.mdx', { filename: 'guides/setup.mdx', status: 'copied', previousFilename: 'setup.mdx' }])
    const files = (await gh<GitHubFileJson[]>('GET', `${GH}/pulls/7/files`)).json
    expect(files.map((f) => [f.filename, f.status, f.previous_filename])).toEqual([
      ['index.mdx', 'modified', undefined],
      ['guides/setup.mdx', 'copied', 'setup.mdx']
    ])
    expect(() => s.github.setPullFiles(REPO, 7, [{ filename: 'a.mdx', status: 'renamed' }])).toThrow('previousFilename is required')
    expect(() => s.github.setPullFiles(REPO, 7, [{ filename: 'a.mdx', previousFilename: 'b.mdx' }])).toThrow('previousFilename is only')
    expect(() => s.github.setPullFiles(REPO, 8, ['a.mdx'])).toThrow('not a pull request')
  })

  it('pages at most 100 files at a time with a Link header', async () => {
    const s = await startWithPull()
    s.github.setPullFiles(
      REPO,
      7,
      Array.from({ length: 150 }, (_, i) => `page-${String(i).padStart(3, '0')}.mdx`)
    )
    const first = await gh<GitHubFileJson[]>('GET', `${GH}/pulls/7/files?per_page=500`)
    expect(first.json).toHaveLength(100)
    expect(first.headers.get('link')).toBe(
      `<${s.url}${GH}/pulls/7/files?per_page=500&page=2>; rel="next", <${s.url}${GH}/pulls/7/files?per_page=500&page=2>; rel="last"`
    )
    const second = await gh<GitHubFileJson[]>('GET', `${GH}/pulls/7/files?per_page=100&page=2`)
    expect(second.json.map((f) => f.filename)).toEqual(Array.from({ length: 50 }, (_, i) => `page-${String(i + 100).padStart(3, '0')}.mdx`))
    expect((await gh<GitHubFileJson[]>('GET', `${GH}/pulls/7/files`)).json).toHaveLength(30)
  })

  it('answers the pull-files fault route', async () => {
    const s = await startWithPull()
    s.injectFault({ route: 'github-pull-files', status: 503 })
    expect((await gh('GET', `${GH}/pulls/7`)).status).toBe(200)
    expect((await gh('GET', `${GH}/pulls/7/files`)).status).toBe(503)
    expect((await gh('GET', `${GH}/pulls/7/files`)).status).toBe(200)
  })
})
