/**
 * The GitHub calls `fix-checks` reads the agent's pull request through, against the fake GitHub: the open
 * pull requests of a commit, check runs and suites, annotations, the combined status, a commit's workflow
 * runs, a workflow run's jobs and a job's log behind its redirect, and the permission each names when
 * GitHub refuses it.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startSimulator, SIM_GITHUB_TOKEN, type Simulator } from '../../../simulator/index.js'
import { connectTo, failureOf, preloadToolkit, SIM_REPO } from '../../fixtures/github-client.js'

const REPO = `${SIM_REPO.owner}/${SIM_REPO.repo}`
const SHA = 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00'
const LOG = ['2025-03-01T10:00:01.0000000Z ##[group]Run npm test', '2025-03-01T10:00:02.0000000Z ##[error]broken link'].join('\n')

let sim: Simulator
let clock: { ms: number }
beforeAll(preloadToolkit)
beforeEach(async () => {
  clock = { ms: Date.parse('2025-03-01T10:00:00Z') }
  sim = await startSimulator({ now: () => clock.ms })
})
afterEach(async () => {
  await sim.close()
})

describe('check runs', () => {
  it('reads the latest run of each check with its App, state, output and, for an Actions job, its run and job', async () => {
    sim.github.addCheckRun(REPO, { sha: SHA, name: 'link-rot', conclusion: 'failure', title: '2 broken links', summary: 'See below' })
    sim.github.addCheckRun(REPO, {
      sha: SHA,
      name: 'slow',
      completesAfterSeconds: 60,
      annotations: [{ path: 'a.mdx', startLine: 1, message: 'x' }]
    })
    const { jobId, runId } = sim.github.addWorkflowJob(REPO, {
      sha: SHA,
      name: 'test',
      steps: [{ name: 'Run npm test', conclusion: 'failure' }]
    })
    const { api } = await connectTo(sim)

    const { totalCount, runs } = await api.checkRuns(SHA)

    expect(totalCount).toBe(3)
    expect(runs).toEqual([
      {
        id: jobId,
        name: 'test',
        app: 'github-actions',
        status: 'completed',
        conclusion: 'failure',
        title: '',
        summary: '',
        annotationsCount: 0,
        detailsUrl: `https://github.com/${REPO}/actions/runs/${runId}/job/${jobId}`,
        actionsJob: { runId, jobId },
        suiteId: expect.any(Number)
      },
      expect.objectContaining({ name: 'slow', status: 'in_progress', conclusion: '', annotationsCount: 1, actionsJob: null }),
      expect.objectContaining({ name: 'link-rot', app: 'mintlify', conclusion: 'failure', title: '2 broken links', summary: 'See below' })
    ])
    const request = sim.githubRequests().find((r) => r.path.endsWith('/check-runs'))
    expect(request?.query).toEqual({ filter: 'latest', per_page: '100' })
  })

  it('takes no workflow run from an Actions run whose Details link names another job', async () => {
    sim.github.addCheckRun(REPO, {
      sha: SHA,
      name: 'spoof',
      app: 'github-actions',
      detailsUrl: 'https://github.com/o/r/actions/runs/5/job/6'
    })
    const { api } = await connectTo(sim)

    expect((await api.checkRuns(SHA)).runs[0]?.actionsJob).toBeNull()
  })

  it('names checks: read when GitHub refuses them', async () => {
    sim.github.addCheckRun(REPO, { sha: SHA, name: 'link-rot' })
    sim.github.forbid('checks')
    const { api } = await connectTo(sim)

    const error = await failureOf(api.checkRuns(SHA))

    expect(error.missingPermission).toBe('checks: read')
    expect(error.message).toContain('Could not read the check runs of commit c0ffee0: HTTP 403')
  })
})

describe('check suites and workflow runs: whose runs they are', () => {
  it("reads each suite's branch, none for a fork's, and the check runs name their suite", async () => {
    sim.github.addIssue(REPO, { number: 7, title: 'Docs agent', pullRequest: true, headSha: SHA, headRef: 'docs-agent/limits' })
    sim.github.addCheckRun(REPO, { sha: SHA, name: 'link-rot' })
    sim.github.addCheckRun(REPO, { sha: SHA, name: 'link-rot', fork: 'outsider/docs' })
    const { api } = await connectTo(sim)

    const suites = await api.checkSuites(SHA)
    const { runs } = await api.checkRuns(SHA)

    expect(suites).toEqual([
      { id: expect.any(Number), app: 'mintlify', headBranch: 'docs-agent/limits' },
      { id: expect.any(Number), app: 'mintlify', headBranch: null }
    ])
    // filter=latest keeps one run per App and name: the fork's, planted last.
    expect(runs.map((run) => run.suiteId)).toEqual([suites[1]?.id])
    const request = sim.githubRequests().find((r) => r.path.endsWith('/check-suites'))
    expect(request?.query).toEqual({ per_page: '100' })
  })

  it("reads a commit's workflow runs with their check suite, head repository and event", async () => {
    const target = sim.github.addWorkflowJob(REPO, { sha: SHA, name: 'labels', event: 'pull_request_target' })
    const own = sim.github.addWorkflowJob(REPO, { sha: SHA, name: 'test' })
    const fork = sim.github.addWorkflowJob(REPO, { sha: SHA, name: 'test (fork)', fork: 'outsider/docs' })
    sim.github.addWorkflowJob(REPO, { sha: 'f'.repeat(40), name: 'elsewhere' })
    const { api } = await connectTo(sim)

    const workflowRuns = await api.workflowRuns(SHA)
    const { runs } = await api.checkRuns(SHA)

    expect(workflowRuns).toEqual([
      { id: fork.runId, checkSuiteId: expect.any(Number), headRepository: 'outsider/docs', event: 'pull_request' },
      { id: own.runId, checkSuiteId: expect.any(Number), headRepository: REPO, event: 'push' },
      { id: target.runId, checkSuiteId: expect.any(Number), headRepository: REPO, event: 'pull_request_target' }
    ])
    expect(runs.find((run) => run.id === own.jobId)?.suiteId).toBe(workflowRuns[1]?.checkSuiteId)
    const request = sim.githubRequests().find((r) => r.path.endsWith('/actions/runs'))
    expect(request?.query).toEqual({ head_sha: SHA, per_page: '100' })
  })

  it('names checks: read and actions: read when GitHub refuses them', async () => {
    sim.github.addWorkflowJob(REPO, { sha: SHA, name: 'test' })
    sim.github.forbid('checks')
    sim.github.forbid('actions')
    const { api } = await connectTo(sim)

    expect((await failureOf(api.checkSuites(SHA))).missingPermission).toBe('checks: read')
    expect((await failureOf(api.workflowRuns(SHA))).missingPermission).toBe('actions: read')
  })
})

describe('the open pull requests of a commit', () => {
  it("lists the open ones only, a fork's with its head told apart", async () => {
    sim.github.addIssue(REPO, { number: 7, title: 'Docs agent', pullRequest: true, headSha: SHA })
    sim.github.addIssue(REPO, { number: 8, title: 'Outside', pullRequest: true, headSha: SHA, headRepo: 'outsider/docs' })
    sim.github.addIssue(REPO, { number: 9, title: 'Closed', pullRequest: true, headSha: SHA })
    sim.github.closePull(REPO, 9)
    const { api } = await connectTo(sim)

    const pulls = await api.openPullsOfCommit(SHA)

    expect(pulls.map((pull) => [pull.number, pull.head.sha, pull.head.fork])).toEqual([
      [7, SHA, false],
      [8, SHA, true]
    ])
  })
})

describe('annotations', () => {
  const many = Array.from({ length: 25 }, (_, i) => ({ path: `p${i}.mdx`, startLine: i + 1, message: `m${i}` }))

  it('reads at most `max` in one request, as path, first line, level, title and message', async () => {
    const id = sim.github.addCheckRun(REPO, {
      sha: SHA,
      name: 'vale',
      conclusion: 'failure',
      annotations: [
        { path: 'guides/a.mdx', startLine: 3, endLine: 4, level: 'warning', title: 'Vale.Spelling', message: "Did you really mean 'teh'?" },
        ...many
      ]
    })
    const { api } = await connectTo(sim)

    const annotations = await api.checkAnnotations(id, 10)

    expect(annotations).toHaveLength(10)
    expect(annotations[0]).toEqual({
      path: 'guides/a.mdx',
      line: 3,
      level: 'warning',
      title: 'Vale.Spelling',
      message: "Did you really mean 'teh'?"
    })
    expect(annotations[1]).toEqual({ path: 'p0.mdx', line: 1, level: 'failure', title: '', message: 'm0' })
    expect(sim.githubRequests().filter((r) => r.path.endsWith('/annotations'))).toHaveLength(1)
  })

  it('reads further pages only while it needs more', async () => {
    const id = sim.github.addCheckRun(REPO, { sha: SHA, name: 'vale', annotations: [...many, ...many, ...many, ...many, ...many] })
    const { api } = await connectTo(sim)

    expect(await api.checkAnnotations(id, 120)).toHaveLength(120)
    expect(sim.githubRequests().filter((r) => r.path.endsWith('/annotations'))).toHaveLength(2)
  })

  it('names checks: read when GitHub refuses them', async () => {
    const id = sim.github.addCheckRun(REPO, { sha: SHA, name: 'vale' })
    sim.github.forbid('checks')
    const { api } = await connectTo(sim)

    expect((await failureOf(api.checkAnnotations(id, 10))).missingPermission).toBe('checks: read')
  })
})

describe('the combined status', () => {
  it('reads the latest status of each context and their combined state', async () => {
    sim.github.addStatus(REPO, SHA, { state: 'pending', context: 'ci/vale' })
    sim.github.addStatus(REPO, SHA, { state: 'error', context: 'ci/vale', description: 'Vale crashed', targetUrl: 'https://ci.example/9' })
    sim.github.addStatus(REPO, SHA, { state: 'success', context: 'docs' })
    const { api } = await connectTo(sim)

    expect(await api.combinedStatus(SHA)).toEqual({
      state: 'failure',
      totalCount: 2,
      statuses: [
        { context: 'docs', state: 'success', description: '', targetUrl: '' },
        { context: 'ci/vale', state: 'error', description: 'Vale crashed', targetUrl: 'https://ci.example/9' }
      ]
    })
  })

  it('names statuses: read when GitHub refuses it', async () => {
    sim.github.addStatus(REPO, SHA, { state: 'failure', context: 'ci/vale' })
    sim.github.forbid('statuses')
    const { api } = await connectTo(sim)

    expect((await failureOf(api.combinedStatus(SHA))).missingPermission).toBe('statuses: read')
  })
})

describe('workflow jobs and logs', () => {
  it("reads a run's jobs with their numbered steps", async () => {
    const { jobId, runId } = sim.github.addWorkflowJob(REPO, {
      sha: SHA,
      name: 'test',
      steps: [
        { name: 'Set up job' },
        { name: 'Run npm test', conclusion: 'failure' },
        { name: 'Post Run actions/checkout@v4', conclusion: 'skipped' }
      ]
    })
    const { api } = await connectTo(sim)

    expect(await api.workflowJobs(runId)).toEqual([
      {
        id: jobId,
        name: 'test',
        status: 'completed',
        conclusion: 'failure',
        steps: [
          { number: 1, name: 'Set up job', conclusion: 'success' },
          { number: 2, name: 'Run npm test', conclusion: 'failure' },
          { number: 3, name: 'Post Run actions/checkout@v4', conclusion: 'skipped' }
        ]
      }
    ])
  })

  it('follows the redirect itself at once, without the token, and reads the whole log', async () => {
    const { jobId } = sim.github.addWorkflowJob(REPO, { sha: SHA, name: 'test', log: LOG })
    const { api } = await connectTo(sim)

    expect(await api.jobLog(jobId, 1_000_000)).toEqual({ text: LOG, cut: false })
    const download = sim.requests.find((r) => r.path.startsWith('/_sim/job-logs/'))
    expect(download?.headers.authorization).toBeUndefined()
    expect(sim.githubRequests().find((r) => r.path.endsWith('/logs'))?.headers.authorization).toBe(`token ${SIM_GITHUB_TOKEN}`)
  })

  it('keeps only the last bytes of a long log, from its first whole line', async () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `2025-03-01T10:00:01.0000000Z line ${i}`)
    const { jobId } = sim.github.addWorkflowJob(REPO, { sha: SHA, name: 'test', log: lines.join('\n') })
    const { api } = await connectTo(sim)

    const log = await api.jobLog(jobId, 1000)

    expect(log.cut).toBe(true)
    expect(Buffer.byteLength(log.text)).toBeLessThanOrEqual(1000)
    expect(log.text.endsWith('line 4999')).toBe(true)
    expect(log.text.split('\n')[0]).toMatch(/^2025-03-01T10:00:01\.0000000Z line \d+$/)
  })

  it('fails naming the download when the address has expired', async () => {
    const { jobId } = sim.github.addWorkflowJob(REPO, { sha: SHA, name: 'test', log: LOG })
    // The signed address's minute is over by the time it is used.
    sim.route('GET', /^\/_sim\/job-logs\//, () => {
      clock.ms += 61_000
      return undefined
    })
    const { api } = await connectTo(sim)

    const error = await failureOf(api.jobLog(jobId, 1000))

    expect(error.status).toBe(403)
    expect(error.message).toBe(`Could not read the log of job ${jobId}: its download answered HTTP 403.`)
  })

  it('names actions: read when GitHub refuses the jobs or the log', async () => {
    const { jobId, runId } = sim.github.addWorkflowJob(REPO, { sha: SHA, name: 'test', log: LOG })
    sim.github.forbid('actions')
    const { api } = await connectTo(sim)

    expect((await failureOf(api.workflowJobs(runId))).missingPermission).toBe('actions: read')
    expect((await failureOf(api.jobLog(jobId, 1000))).missingPermission).toBe('actions: read')
  })

  it('fails plainly when GitHub answers the log request without an address', async () => {
    sim.route('GET', /\/actions\/jobs\/\d+\/logs$/, () => ({ status: 302, text: '' }))
    const { api } = await connectTo(sim)

    expect((await failureOf(api.jobLog(5, 1000))).message).toBe(
      "Could not read the log of job 5: GitHub answered without the log's address."
    )
  })

  it('says what failed when the download gets no answer', async () => {
    sim.route('GET', /\/actions\/jobs\/\d+\/logs$/, () => ({ status: 302, text: '', headers: { location: 'http://127.0.0.1:1/log' } }))
    const { api } = await connectTo(sim)

    expect((await failureOf(api.jobLog(5, 1000))).message).toMatch(/^Could not read the log of job 5: the request to GitHub failed/)
  })
})
