// Checks on the fake GitHub, as the agent's pull request gets them and `fix-checks` reads them: a commit's
// check runs (filter, name, status, pages), a run's annotations, a workflow run's jobs with their steps, a
// job's log behind a redirect that expires, legacy statuses, a run that completes later, and a token that
// may not read them.
import { describe, expect, it } from '@jest/globals'
import { SIM_GITHUB_TOKEN, type Simulator } from '../../simulator/index.js'
import { requestSimulator, simulatorPerTest, type SimReply } from './harness.js'

const REPO = 'octo-org/docs'
const API = `/api/v3/repos/${REPO}`
const SHA = 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00'
const OTHER_SHA = 'beef0000beef0000beef0000beef0000beef0000'
const LOG_LINE = '2025-03-01T10:00:01.0000000Z hello'

const { start, current } = simulatorPerTest()

function gh<T>(path: string): Promise<SimReply<T>> {
  return requestSimulator<T>(current(), 'GET', path, { authorization: `token ${SIM_GITHUB_TOKEN}` })
}

interface ApiCheckRun {
  id: number
  name: string
  head_sha: string
  status: string
  conclusion: string | null
  details_url: string
  completed_at: string | null
  app: { slug: string }
  output: { title: string | null; summary: string | null; annotations_count: number; annotations_url: string }
  pull_requests: { number: number; head: { sha: string; repo: { url: string } }; base: { repo: { url: string } } }[]
}
interface ApiCheckRuns {
  total_count: number
  check_runs: ApiCheckRun[]
}
interface ApiJob {
  id: number
  run_id: number
  name: string
  status: string
  conclusion: string | null
  workflow_name: string
  steps: { name: string; number: number; status: string; conclusion: string | null }[]
}

/** A simulator on a clock the test moves, with the agent's pull request #7 on SHA. */
async function startAt(): Promise<{ sim: Simulator; clock: { ms: number } }> {
  const clock = { ms: Date.parse('2025-03-01T10:00:00Z') }
  const sim = await start({ now: () => clock.ms })
  sim.github.addIssue(REPO, { number: 7, title: 'Docs agent', pullRequest: true, headSha: SHA, user: 'mintlify[bot]' })
  return { sim, clock }
}

function names(reply: SimReply<ApiCheckRuns>): string[] {
  return reply.json.check_runs.map((run) => run.name)
}

describe('check runs of a commit', () => {
  it("lists a commit's runs newest first with their App, output and open pull requests, in GitHub's fields", async () => {
    const { sim } = await startAt()
    const id = sim.github.addCheckRun(REPO, {
      sha: SHA,
      name: 'Mintlify Validation (acme) - link-rot',
      conclusion: 'failure',
      title: '2 broken links',
      summary: 'Found 2 broken links'
    })
    sim.github.addCheckRun(REPO, { sha: SHA, name: 'Mintlify Deployment' })
    sim.github.addCheckRun(REPO, { sha: OTHER_SHA, name: 'elsewhere' })

    const reply = await gh<ApiCheckRuns>(`${API}/commits/${SHA}/check-runs`)

    expect(reply.status).toBe(200)
    expect(reply.json.total_count).toBe(2)
    expect(names(reply)).toEqual(['Mintlify Deployment', 'Mintlify Validation (acme) - link-rot'])
    expect(reply.json.check_runs[1]).toMatchObject({
      id,
      head_sha: SHA,
      status: 'completed',
      conclusion: 'failure',
      app: { slug: 'mintlify' },
      output: { title: '2 broken links', summary: 'Found 2 broken links', annotations_count: 0 },
      completed_at: '2025-03-01T10:00:00Z',
      pull_requests: [{ number: 7, head: { sha: SHA, repo: { url: `${sim.url}${API}` } }, base: { repo: { url: `${sim.url}${API}` } } }]
    })
    expect(reply.json.check_runs[1]?.output.annotations_url).toBe(`${sim.url}${API}/check-runs/${id}/annotations`)
  })

  it('keeps the newest run of each App and name by default (filter=latest), every run with filter=all', async () => {
    const { sim } = await startAt()
    const first = sim.github.addCheckRun(REPO, { sha: SHA, name: 'vale', conclusion: 'failure' })
    const rerun = sim.github.addCheckRun(REPO, { sha: SHA, name: 'vale', conclusion: 'success' })
    sim.github.addCheckRun(REPO, { sha: SHA, name: 'vale', app: 'other-app' })

    const latest = await gh<ApiCheckRuns>(`${API}/commits/${SHA}/check-runs`)
    const all = await gh<ApiCheckRuns>(`${API}/commits/${SHA}/check-runs?filter=all`)

    expect(latest.json.check_runs.map((run) => [run.app.slug, run.id])).toEqual([
      ['other-app', expect.any(Number)],
      ['mintlify', rerun]
    ])
    expect(all.json.total_count).toBe(3)
    expect(all.json.check_runs.map((run) => run.id)).toContain(first)
  })

  it('keeps the runs of one check_name and one status', async () => {
    const { sim } = await startAt()
    sim.github.addCheckRun(REPO, { sha: SHA, name: 'link-rot', conclusion: 'failure' })
    sim.github.addCheckRun(REPO, { sha: SHA, name: 'build', completesAfterSeconds: 30 })

    expect(names(await gh(`${API}/commits/${SHA}/check-runs?check_name=link-rot`))).toEqual(['link-rot'])
    expect(names(await gh(`${API}/commits/${SHA}/check-runs?status=in_progress`))).toEqual(['build'])
    expect(names(await gh(`${API}/commits/${SHA}/check-runs?status=completed`))).toEqual(['link-rot'])
  })

  it('pages with per_page and page, total_count counting every run, and a Link header', async () => {
    const { sim } = await startAt()
    for (let i = 1; i <= 5; i++) sim.github.addCheckRun(REPO, { sha: SHA, name: `check ${i}` })

    const page2 = await gh<ApiCheckRuns>(`${API}/commits/${SHA}/check-runs?per_page=2&page=2`)

    expect(page2.json.total_count).toBe(5)
    expect(names(page2)).toEqual(['check 3', 'check 2'])
    expect(page2.headers.get('link')).toContain('rel="next"')
    expect(page2.headers.get('link')).toContain('page=3')
  })

  it('reads a branch as its head commit, and answers 404 for a ref it does not know', async () => {
    const { sim } = await startAt()
    sim.github.addIssue(REPO, { number: 8, title: 'x', pullRequest: true, headRef: 'docs-fix', headSha: OTHER_SHA })
    sim.github.addCheckRun(REPO, { sha: OTHER_SHA, name: 'on the branch' })

    expect(names(await gh(`${API}/commits/docs-fix/check-runs`))).toEqual(['on the branch'])
    expect((await gh(`${API}/commits/no-such-branch/check-runs`)).status).toBe(404)
  })

  it('shows a run planted to complete later as in progress, without a conclusion, until its time', async () => {
    const { sim, clock } = await startAt()
    sim.github.addCheckRun(REPO, { sha: SHA, name: 'slow', conclusion: 'failure', completesAfterSeconds: 90 })

    clock.ms += 89_000
    const before = (await gh<ApiCheckRuns>(`${API}/commits/${SHA}/check-runs`)).json.check_runs[0]
    clock.ms += 1_000
    const after = (await gh<ApiCheckRuns>(`${API}/commits/${SHA}/check-runs`)).json.check_runs[0]

    expect(before).toMatchObject({ status: 'in_progress', conclusion: null, completed_at: null })
    expect(after).toMatchObject({ status: 'completed', conclusion: 'failure', completed_at: '2025-03-01T10:01:30Z' })
  })

  it('refuses a planted run on a commit the repository cannot know', async () => {
    const { sim } = await startAt()
    expect(() => sim.github.addCheckRun(REPO, { sha: 'abc', name: 'x' })).toThrow('knows no commit abc')
  })
})

describe('annotations', () => {
  it("pages a run's annotations in the order written, in GitHub's fields", async () => {
    const { sim } = await startAt()
    const id = sim.github.addCheckRun(REPO, {
      sha: SHA,
      name: 'vale',
      conclusion: 'failure',
      annotations: [
        { path: 'guides/a.mdx', startLine: 3, message: "Did you really mean 'teh'?", title: 'Vale.Spelling' },
        { path: 'guides/b.mdx', startLine: 9, endLine: 10, level: 'warning', message: 'Use sentence case.' },
        { path: 'index.mdx', startLine: 1, level: 'notice', message: 'Third.' }
      ]
    })

    const first = await gh<Record<string, unknown>[]>(`${API}/check-runs/${id}/annotations?per_page=2`)
    const second = await gh<Record<string, unknown>[]>(`${API}/check-runs/${id}/annotations?per_page=2&page=2`)

    expect(first.json).toEqual([
      {
        path: 'guides/a.mdx',
        start_line: 3,
        end_line: 3,
        start_column: null,
        end_column: null,
        annotation_level: 'failure',
        title: 'Vale.Spelling',
        message: "Did you really mean 'teh'?",
        raw_details: null,
        blob_href: `https://github.com/${REPO}/blob/${SHA}/guides/a.mdx`
      },
      expect.objectContaining({ path: 'guides/b.mdx', start_line: 9, end_line: 10, annotation_level: 'warning' })
    ])
    expect(first.headers.get('link')).toContain('rel="last"')
    expect(second.json).toEqual([expect.objectContaining({ path: 'index.mdx', annotation_level: 'notice' })])
  })

  it('answers 404 for a run that does not exist', async () => {
    await startAt()
    expect((await gh(`${API}/check-runs/123/annotations`)).status).toBe(404)
  })
})

describe('workflow jobs and their logs', () => {
  const LOG = [
    '2025-03-01T10:00:01.1234567Z ##[group]Run npm test',
    '2025-03-01T10:00:02.0000000Z ##[error]Process completed with exit code 1.'
  ].join('\n')

  it("shows a job as a github-actions check run with the job's id and page, and lists it with its steps", async () => {
    const { sim } = await startAt()
    const { jobId, runId } = sim.github.addWorkflowJob(REPO, {
      sha: SHA,
      name: 'test',
      workflowName: 'Docs CI',
      steps: [{ name: 'Set up job' }, { name: 'Run npm test', conclusion: 'failure' }, { name: 'Complete job' }],
      log: LOG
    })
    sim.github.addWorkflowJob(REPO, { sha: SHA, name: 'lint', runId })

    const runs = await gh<ApiCheckRuns>(`${API}/commits/${SHA}/check-runs?check_name=test`)
    const jobs = await gh<{ total_count: number; jobs: ApiJob[] }>(`${API}/actions/runs/${runId}/jobs`)

    expect(runs.json.check_runs[0]).toMatchObject({
      id: jobId,
      app: { slug: 'github-actions' },
      conclusion: 'failure',
      details_url: `https://github.com/${REPO}/actions/runs/${runId}/job/${jobId}`
    })
    expect(jobs.json.total_count).toBe(2)
    expect(jobs.json.jobs[0]).toMatchObject({
      id: jobId,
      run_id: runId,
      name: 'test',
      status: 'completed',
      conclusion: 'failure',
      workflow_name: 'Docs CI',
      steps: [
        { name: 'Set up job', number: 1, status: 'completed', conclusion: 'success' },
        { name: 'Run npm test', number: 2, status: 'completed', conclusion: 'failure' },
        { name: 'Complete job', number: 3, status: 'completed', conclusion: 'success' }
      ]
    })
    expect(jobs.json.jobs[1]).toMatchObject({ name: 'lint', conclusion: 'success' })
    expect((await gh(`${API}/actions/runs/1/jobs`)).status).toBe(404)
  })

  it('answers the log request with a 302 to a URL of its own that serves the plain text without a token', async () => {
    const { sim } = await startAt()
    const { jobId } = sim.github.addWorkflowJob(REPO, { sha: SHA, name: 'test', log: LOG })

    const redirect = await fetch(`${sim.url}${API}/actions/jobs/${jobId}/logs`, {
      headers: { authorization: `token ${SIM_GITHUB_TOKEN}` },
      redirect: 'manual'
    })
    const location = redirect.headers.get('location') ?? ''
    const download = await fetch(location)

    expect(redirect.status).toBe(302)
    expect(location.startsWith(`${sim.url}/_sim/job-logs/`)).toBe(true)
    expect(location).toContain('urlExpires=2025-03-01T10%3A01%3A00.000Z')
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(await download.text()).toBe(LOG)
    expect(sim.requests.map((r) => r.path)).toEqual([`${API}/actions/jobs/${jobId}/logs`, new URL(location).pathname])
  })

  it('refuses the download with a token on it, after a minute, or with a signature it never gave', async () => {
    const { sim, clock } = await startAt()
    const { jobId } = sim.github.addWorkflowJob(REPO, { sha: SHA, name: 'test', log: LOG })
    const redirect = await fetch(`${sim.url}${API}/actions/jobs/${jobId}/logs`, {
      headers: { authorization: `token ${SIM_GITHUB_TOKEN}` },
      redirect: 'manual'
    })
    const location = redirect.headers.get('location') ?? ''

    const withToken = await fetch(location, { headers: { authorization: `token ${SIM_GITHUB_TOKEN}` } })
    const forged = await fetch(`${sim.url}/_sim/job-logs/${'0'.repeat(32)}`)
    clock.ms += 60_001
    const expired = await fetch(location)

    expect(withToken.status).toBe(400)
    expect(forged.status).toBe(403)
    expect(expired.status).toBe(403)
    expect(await expired.text()).toBe('The signed URL has expired.')
  })

  it('has no log, and shows the job in progress, until a job planted to complete later completes', async () => {
    const { sim, clock } = await startAt()
    const { jobId, runId } = sim.github.addWorkflowJob(REPO, {
      sha: SHA,
      name: 'test',
      completesAfterSeconds: 10,
      steps: [{ name: 'Run npm test', conclusion: 'failure' }],
      log: LOG
    })

    const jobsBefore = await gh<{ jobs: ApiJob[] }>(`${API}/actions/runs/${runId}/jobs`)
    const logBefore = await gh(`${API}/actions/jobs/${jobId}/logs`)
    clock.ms += 10_000
    const jobsAfter = await gh<{ jobs: ApiJob[] }>(`${API}/actions/runs/${runId}/jobs`)

    expect(jobsBefore.json.jobs[0]).toMatchObject({
      status: 'in_progress',
      conclusion: null,
      steps: [{ status: 'queued', conclusion: null }]
    })
    expect(logBefore.status).toBe(404)
    expect(jobsAfter.json.jobs[0]).toMatchObject({ status: 'completed', conclusion: 'failure' })
  })

  it('answers 404 for the log of a check run that is no Actions job', async () => {
    const { sim } = await startAt()
    const id = sim.github.addCheckRun(REPO, { sha: SHA, name: 'link-rot' })
    expect((await gh(`${API}/actions/jobs/${id}/logs`)).status).toBe(404)
  })
})

describe('statuses planted by others', () => {
  it('shows a status another service wrote in the combined status, with its creator', async () => {
    const { sim } = await startAt()
    sim.github.addStatus(REPO, SHA, { state: 'failure', context: 'ci/vale', description: '3 errors', targetUrl: 'https://ci.example/1' })
    sim.github.addStatus(REPO, SHA, { state: 'success', context: 'docs', creator: 'github-actions[bot]' })

    const combined = await gh<{ state: string; statuses: { context: string; state: string; description: string | null }[] }>(
      `${API}/commits/${SHA}/status`
    )

    expect(combined.json.state).toBe('failure')
    expect(combined.json.statuses).toEqual([
      expect.objectContaining({ context: 'docs', state: 'success' }),
      expect.objectContaining({ context: 'ci/vale', state: 'failure', description: '3 errors' })
    ])
    expect(sim.github.statuses(REPO, SHA).map((s) => s.creator)).toEqual(['ci-bot[bot]', 'github-actions[bot]'])
  })
})

describe('a token without checks: read or actions: read', () => {
  it('refuses check runs and annotations, and nothing else, when checks are forbidden', async () => {
    const { sim } = await startAt()
    const id = sim.github.addCheckRun(REPO, { sha: SHA, name: 'link-rot' })
    const { runId } = sim.github.addWorkflowJob(REPO, { sha: SHA, name: 'test' })
    sim.github.forbid('checks')

    const runs = await gh<{ message: string }>(`${API}/commits/${SHA}/check-runs`)
    const annotations = await gh<{ message: string }>(`${API}/check-runs/${id}/annotations`)

    expect(runs.status).toBe(403)
    expect(runs.json.message).toBe('Resource not accessible by integration')
    expect(annotations.status).toBe(403)
    expect((await gh(`${API}/actions/runs/${runId}/jobs`)).status).toBe(200)
    expect((await gh(`${API}/commits/${SHA}/status`)).status).toBe(200)
  })

  it('refuses jobs and logs when actions are forbidden', async () => {
    const { sim } = await startAt()
    const { jobId, runId } = sim.github.addWorkflowJob(REPO, { sha: SHA, name: 'test', log: LOG_LINE })
    sim.github.forbid('actions')

    expect((await gh(`${API}/actions/runs/${runId}/jobs`)).status).toBe(403)
    expect((await gh(`${API}/actions/jobs/${jobId}/logs`)).status).toBe(403)
    expect((await gh(`${API}/commits/${SHA}/check-runs`)).status).toBe(200)
  })

  it('fails the reads by injected faults on their routes', async () => {
    const { sim } = await startAt()
    sim.injectFault({ route: 'github-check-runs', status: 502 })
    expect((await gh(`${API}/commits/${SHA}/check-runs`)).status).toBe(502)
    expect((await gh(`${API}/commits/${SHA}/check-runs`)).status).toBe(200)
  })
})
