// Whose checks they are, on the fake GitHub as on GitHub: a commit's check suites (a fork's without a branch),
// its workflow runs with their head repository, and check runs whose `pull_requests` list every open pull
// request at the commit, a fork's included.
import { describe, expect, it } from '@jest/globals'
import { SIM_GITHUB_TOKEN, type Simulator } from '../../simulator/index.js'
import { requestSimulator, simulatorPerTest, type SimReply } from './harness.js'

const REPO = 'octo-org/docs'
const FORK = 'outsider/docs'
const API = `/api/v3/repos/${REPO}`
const SHA = 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00'
const OTHER_SHA = 'beef0000beef0000beef0000beef0000beef0000'

const { start, current } = simulatorPerTest()

function gh<T>(path: string): Promise<SimReply<T>> {
  return requestSimulator<T>(current(), 'GET', path, { authorization: `token ${SIM_GITHUB_TOKEN}` })
}

interface ApiSuite {
  id: number
  head_branch: string | null
  head_sha: string
  status: string
  conclusion: string | null
  app: { slug: string }
  pull_requests: { number: number }[]
  latest_check_runs_count: number
}
interface ApiWorkflowRun {
  id: number
  name: string
  head_sha: string
  head_branch: string
  event: string
  status: string
  conclusion: string | null
  check_suite_id: number
  head_repository: { full_name: string; fork: boolean }
  repository: { full_name: string }
  pull_requests: { number: number }[]
}
interface ApiCheckRun {
  name: string
  check_suite: { id: number }
  pull_requests: { number: number; head: { sha: string; repo: { url: string } } }[]
}

/** The agent's pull request #7 on branch docs-agent/limits at SHA, and a fork's #8 whose head is the same commit. */
async function startWithFork(): Promise<Simulator> {
  const sim = await start({ now: () => Date.parse('2025-03-01T10:00:00Z') })
  sim.github.addIssue(REPO, { number: 7, title: 'Docs agent', pullRequest: true, headSha: SHA, headRef: 'docs-agent/limits' })
  sim.github.addIssue(REPO, { number: 8, title: 'Outside', pullRequest: true, headSha: SHA, headRef: 'patch-1', headRepo: FORK })
  return sim
}

describe('check suites of a commit', () => {
  it("groups each App's runs in one suite per origin: this repository's branch, or a fork's with no branch", async () => {
    const sim = await startWithFork()
    sim.github.addCheckRun(REPO, { sha: SHA, name: 'link-rot', conclusion: 'failure' })
    sim.github.addCheckRun(REPO, { sha: SHA, name: 'Mintlify Deployment' })
    sim.github.addCheckRun(REPO, { sha: SHA, name: 'link-rot', conclusion: 'failure', fork: FORK })
    sim.github.addCheckRun(REPO, { sha: OTHER_SHA, name: 'elsewhere' })

    const reply = await gh<{ total_count: number; check_suites: ApiSuite[] }>(`${API}/commits/${SHA}/check-suites`)

    expect(reply.status).toBe(200)
    expect(reply.json.total_count).toBe(2)
    expect(reply.json.check_suites).toEqual([
      expect.objectContaining({
        head_branch: 'docs-agent/limits',
        head_sha: SHA,
        status: 'completed',
        conclusion: 'failure',
        app: expect.objectContaining({ slug: 'mintlify' }),
        pull_requests: [expect.objectContaining({ number: 7 }), expect.objectContaining({ number: 8 })],
        latest_check_runs_count: 2
      }),
      expect.objectContaining({ head_branch: null, pull_requests: [], latest_check_runs_count: 1 })
    ])
  })

  it('names the default branch for a commit no open pull request of this repository has, and 404 for an unknown ref', async () => {
    const sim = await startWithFork()
    sim.github.addCheckRun(REPO, { sha: OTHER_SHA, name: 'on main' })

    const reply = await gh<{ check_suites: ApiSuite[] }>(`${API}/commits/${OTHER_SHA}/check-suites`)

    expect(reply.json.check_suites.map((suite) => suite.head_branch)).toEqual(['main'])
    expect((await gh(`${API}/commits/no-such-branch/check-suites`)).status).toBe(404)
  })

  it("lists every open pull request at the commit in a check run's pull_requests, whoever's run it is", async () => {
    const sim = await startWithFork()
    sim.github.addCheckRun(REPO, { sha: SHA, name: 'fork ci', fork: FORK })

    const reply = await gh<{ check_runs: ApiCheckRun[] }>(`${API}/commits/${SHA}/check-runs`)
    const suites = await gh<{ check_suites: ApiSuite[] }>(`${API}/commits/${SHA}/check-suites`)

    const [run] = reply.json.check_runs
    expect(run?.pull_requests.map((pull) => [pull.number, pull.head.repo.url])).toEqual([
      [7, `${sim.url}${API}`],
      [8, `${sim.url}/api/v3/repos/${FORK}`]
    ])
    expect(run?.check_suite.id).toBe(suites.json.check_suites[0]?.id)
  })
})

describe('workflow runs of a commit', () => {
  it("lists each run with its check suite and head repository, a fork's pull request's run among them", async () => {
    const sim = await startWithFork()
    const own = sim.github.addWorkflowJob(REPO, { sha: SHA, name: 'test', workflowName: 'Docs CI' })
    sim.github.addWorkflowJob(REPO, { sha: SHA, name: 'lint', runId: own.runId, conclusion: 'failure' })
    const fork = sim.github.addWorkflowJob(REPO, { sha: SHA, name: 'test', workflowName: 'Docs CI', fork: FORK, conclusion: 'failure' })
    sim.github.addWorkflowJob(REPO, { sha: OTHER_SHA, name: 'elsewhere' })

    const reply = await gh<{ total_count: number; workflow_runs: ApiWorkflowRun[] }>(`${API}/actions/runs?head_sha=${SHA}`)
    const suites = await gh<{ check_suites: ApiSuite[] }>(`${API}/commits/${SHA}/check-suites`)

    expect(reply.json.total_count).toBe(2)
    expect(reply.json.workflow_runs).toEqual([
      expect.objectContaining({
        id: fork.runId,
        name: 'Docs CI',
        head_branch: 'patch-1',
        event: 'pull_request',
        conclusion: 'failure',
        head_repository: expect.objectContaining({ full_name: FORK, fork: true }),
        repository: expect.objectContaining({ full_name: REPO }),
        pull_requests: []
      }),
      expect.objectContaining({
        id: own.runId,
        head_branch: 'docs-agent/limits',
        event: 'push',
        status: 'completed',
        conclusion: 'failure',
        head_repository: expect.objectContaining({ full_name: REPO, fork: false })
      })
    ])
    const suiteOf = (runId: number) => reply.json.workflow_runs.find((run) => run.id === runId)?.check_suite_id
    expect(suites.json.check_suites.map((suite) => [suite.id, suite.head_branch, suite.app.slug])).toEqual([
      [suiteOf(own.runId), 'docs-agent/limits', 'github-actions'],
      [suiteOf(fork.runId), null, 'github-actions']
    ])
  })

  it('lists every run without head_sha, and none of another commit with it', async () => {
    const sim = await startWithFork()
    sim.github.addWorkflowJob(REPO, { sha: SHA, name: 'test' })
    sim.github.addWorkflowJob(REPO, { sha: OTHER_SHA, name: 'test' })

    expect((await gh<{ total_count: number }>(`${API}/actions/runs`)).json.total_count).toBe(2)
    expect((await gh<{ total_count: number }>(`${API}/actions/runs?head_sha=${'1'.repeat(40)}`)).json.total_count).toBe(0)
  })

  it('refuses the suites with checks forbidden and the workflow runs with actions forbidden', async () => {
    const sim = await startWithFork()
    sim.github.addWorkflowJob(REPO, { sha: SHA, name: 'test' })
    sim.github.forbid('checks')
    expect((await gh(`${API}/commits/${SHA}/check-suites`)).status).toBe(403)
    expect((await gh(`${API}/actions/runs?head_sha=${SHA}`)).status).toBe(200)
    sim.github.forbid('actions')
    expect((await gh(`${API}/actions/runs?head_sha=${SHA}`)).status).toBe(403)
  })

  it('fails the reads by injected faults on their routes', async () => {
    const sim = await startWithFork()
    sim.injectFault({ route: 'github-check-suites', status: 502 })
    sim.injectFault({ route: 'github-workflow-runs', status: 503 })
    expect((await gh(`${API}/commits/${SHA}/check-suites`)).status).toBe(502)
    expect((await gh(`${API}/actions/runs?head_sha=${SHA}`)).status).toBe(503)
    expect((await gh(`${API}/commits/${SHA}/check-suites`)).status).toBe(200)
  })
})
