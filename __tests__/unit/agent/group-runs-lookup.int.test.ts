/**
 * The `group-runs` look-up against the simulator's GitHub and Mintlify API, with every request counted:
 * at most 11 GitHub reads in the docs repository however many pull requests are open, one GET of the
 * matched job (none in a dry run), and the timeline line written where the token may write it.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import { pushEvent } from '../../fixtures/events.js'
import { DEFAULT_GITHUB_IDENTITY, SIM_GITHUB_TOKEN, type Simulator } from '../../../simulator/index.js'
import { systemClock } from '../../../src/clock.js'
import { GitHubApi } from '../../../src/github/api.js'
import type { GitHubEvent, Repo, RunContext } from '../../../src/github/event.js'
import { jobMarker, type RunOrigin } from '../../../src/github/markers.js'
import type { GroupedRun } from '../../../src/operations/agent/decide/grouping.js'
import { type GroupingDeps, groupRun, addToTimeline } from '../../../src/operations/agent/carry-out/grouped-run.js'
import { readSettingsOf } from '../../../src/operations/registry.js'
import { defined, only } from '../../expect-helpers.js'
import { simulatorPerTest } from '../../simulator/harness.js'
import { jobReport } from '../../fixtures/agent-jobs.js'
import { simulatorClient } from '../../fixtures/docs-api-client.js'
import { recordingLog, type RecordingLog } from '../../fixtures/recording-log.js'
import { signedComment } from '../../fixtures/signed-comments.js'
import { CommentRecords } from '../../../src/operations/agent/comment-records.js'
import { readSignedRecords, recordKey } from '../../../src/trust/signed-records.js'
import { runEnvironment, stepInputs, AGENT, type AgentSettings } from '../../fixtures/step-settings.js'
import { preloadToolkit } from '../../fixtures/github-client.js'
import { VirtualClock } from '../../fixtures/virtual-clock.js'

const { start } = simulatorPerTest()
beforeAll(preloadToolkit)

const DOCS = 'acme/docs'
const CODE = 'acme/api'
const repoOf = (fullName: string): Repo => {
  const [owner = '', repo = ''] = fullName.split('/')
  return { owner, repo }
}
const PUSH: GitHubEvent = pushEvent({
  commits: [{ sha: '1111111111111111111111111111111111111111', subject: 'Add the limits endpoint', files: ['src/limits.ts'] }]
})
const RUN: RunContext = {
  event: PUSH,
  repo: repoOf(DOCS),
  serverUrl: 'https://github.com',
  runUrl: `https://github.com/${DOCS}/actions/runs/77`,
  workflow: 'Docs agent on push',
  job: 'docs',
  sha: 'a'.repeat(40),
  ref: 'refs/heads/main',
  actor: 'octocat',
  runNumber: 1
}
const ORIGIN: RunOrigin = { repository: DOCS, workflow: RUN.workflow, branch: 'main' }

function settingsFor(sim: Simulator, inputs: Record<string, string> = {}): AgentSettings {
  return readSettingsOf(
    AGENT,
    stepInputs({ 'api-key': sim.apiKey, 'project-id': sim.projectId, 'base-url': sim.url, 'group-runs': 'true', ...inputs }),
    runEnvironment()
  ).settings
}

/** The run's GitHub as the workflow holds it: the token's connection per repository, and warnings into the log. */
function access(sim: Simulator, log: RecordingLog, token = SIM_GITHUB_TOKEN): GroupingDeps['github'] {
  const connect = (repo: Repo): Promise<GitHubApi> =>
    GitHubApi.connect(token, repo, {
      cancel: new AbortController().signal,
      clock: systemClock,
      random: () => 0.5,
      deadline: Date.now() + 60_000,
      apiUrl: `${sim.url}/api/v3`,
      clean: (text) => text
    })
  return {
    apiOrNull: () => connect(repoOf(DOCS)),
    apiIn: (repo) => connect(repo),
    callFailed: (error, consequence) => log.warning(`${error instanceof Error ? error.message : String(error)} ${consequence}`)
  }
}

/**
 * `count` open pull requests in the docs repository, oldest updated first: every third one opened by a
 * person, the others by the agent's app and introduced by runs of other workflows; `match` (a pull
 * request number) is introduced by this run's origin instead, for job `jobId`.
 */
function seedPulls(sim: Simulator, count: number, match: { number: number; jobId: string; login?: string } | null = null): void {
  for (let number = 1; number <= count; number++) {
    const byPerson = number % 3 === 0
    sim.github.addIssue(DOCS, { number, title: `PR ${number}`, pullRequest: true, user: byPerson ? 'octocat' : 'mintlify[bot]' })
    if (byPerson) continue
    const origin = number === match?.number ? ORIGIN : { ...ORIGIN, workflow: `Workflow ${number}` }
    const jobId = number === match?.number ? match.jobId : `job_other_${number}`
    const body = signedComment(defined(jobMarker(jobId, origin)), { repository: DOCS, number }, sim.apiKey)
    sim.github.addComment(DOCS, number, { user: match?.login ?? DEFAULT_GITHUB_IDENTITY, body })
  }
}

/** A job in the simulator (job_0001, …) that a first GET sees in the script's state. */
async function existingJob(sim: Simulator, outcome: 'never' | 'failed' | 'archived'): Promise<string> {
  sim.scriptNextJob({ outcome, afterPolls: 0 })
  const { client } = simulatorClient(sim)
  return defined((await client.createJob(sim.projectId, 'Earlier run')).id)
}

const githubPaths = (sim: Simulator, since: number): string[] =>
  sim
    .githubRequests()
    .slice(since)
    .map((r) => `${r.method} ${r.path}`)

/** The run's record key, from the simulator's API key as the run's settings hold it. */
const records = (sim: Simulator, log: RecordingLog = recordingLog()): CommentRecords =>
  new CommentRecords(sim.apiKey, log, new VirtualClock())

async function lookUp(sim: Simulator, settings: AgentSettings, log: RecordingLog, run = RUN, token?: string): Promise<GroupedRun | null> {
  return groupRun(settings, 'job', run, {
    github: access(sim, log, token),
    client: simulatorClient(sim).client,
    log,
    records: records(sim, log)
  })
}

describe('the look-up in a docs repository with 30 open pull requests', () => {
  it('finds the third most recent agent pull request of its origin in 5 GitHub requests, and reads its job once', async () => {
    const sim = await start()
    const jobId = await existingJob(sim, 'never')
    // From the most recently updated: 30 is a person's, 29, 28 and 26 the app's.
    seedPulls(sim, 30, { number: 26, jobId })
    const before = { github: sim.githubRequests().length, mintlify: sim.mintlifyRequests().length }
    const log = recordingLog()

    const grouped = await lookUp(sim, settingsFor(sim), log)

    expect(grouped?.decision).toMatchObject({ grouped: 'continued', found: { jobId, pull: { number: 26 }, introduction: { ours: true } } })
    const paths = githubPaths(sim, before.github)
    expect(paths.filter((path) => path !== 'POST /api/graphql')).toEqual([
      `GET /api/v3/repos/${DOCS}/pulls`,
      `GET /api/v3/repos/${DOCS}/issues/29/comments`,
      `GET /api/v3/repos/${DOCS}/issues/28/comments`,
      `GET /api/v3/repos/${DOCS}/issues/26/comments`
    ])
    expect(paths).toHaveLength(5)
    expect(defined(sim.githubRequests()[before.github], 'the list').query).toMatchObject({
      state: 'open',
      sort: 'updated',
      direction: 'desc',
      per_page: '100'
    })
    expect(
      sim
        .mintlifyRequests()
        .slice(before.mintlify)
        .map((r) => `${r.method} ${r.path}`)
    ).toEqual([`GET /v2/agent/${sim.projectId}/job/${jobId}`])
    expect(log.messages('info')).toContain(
      `group-runs: ${DOCS}#26 (https://github.com/${DOCS}/pull/26) is the open agent pull request of workflow "Docs agent on push" on branch main: this run continues its job ${jobId} with a follow-up message.`
    )
  })

  it('reads at most 11 times in the docs repository when no pull request is its, and never a person’s pull request', async () => {
    const sim = await start()
    seedPulls(sim, 30)
    const log = recordingLog()

    const grouped = await lookUp(sim, settingsFor(sim), log)

    expect(grouped?.decision).toMatchObject({ grouped: 'new' })
    const inDocs = githubPaths(sim, 0).filter((path) => path.includes(`/repos/${DOCS}/`))
    expect(inDocs).toHaveLength(11)
    // The ten most recently updated that the app opened; 30, 27, 24 … are people's and never read.
    const read = inDocs.filter((path) => path.endsWith('/comments')).map((path) => Number(/\/issues\/(\d+)\//.exec(path)?.[1]))
    expect(read).toEqual([29, 28, 26, 25, 23, 22, 20, 19, 17, 16])
    expect(sim.mintlifyRequests()).toEqual([])
  })

  it('in a dry run names the pull request it would continue without reading the job', async () => {
    const sim = await start()
    const jobId = await existingJob(sim, 'never')
    seedPulls(sim, 30, { number: 29, jobId })
    const before = sim.mintlifyRequests().length
    const log = recordingLog()

    const grouped = await lookUp(sim, settingsFor(sim, { 'dry-run': 'true' }), log)

    expect(grouped?.decision).toMatchObject({ grouped: 'continued', found: { jobId, pull: { number: 29 } } })
    expect(sim.mintlifyRequests()).toHaveLength(before)
    expect(log.messages('info').join('\n')).toContain(
      `a run would continue its job ${jobId} with a follow-up message (a dry run does not read the job's state)`
    )
  })
})

describe('the job of the matched pull request', () => {
  it.each(['failed', 'archived'] as const)('when %s, makes the run open a new job', async (outcome) => {
    const sim = await start()
    const jobId = await existingJob(sim, outcome)
    seedPulls(sim, 4, { number: 4, jobId })
    const log = recordingLog()
    expect((await lookUp(sim, settingsFor(sim), log))?.decision).toEqual({
      grouped: 'new',
      why: `The job ${jobId} of ${DOCS}#4 is ${outcome}: a new job, with a pull request of its own.`
    })
  })

  it('when gone (404), makes the run open a new job', async () => {
    const sim = await start()
    seedPulls(sim, 4, { number: 4, jobId: 'job_9999' })
    expect((await lookUp(sim, settingsFor(sim), recordingLog()))?.decision).toMatchObject({
      grouped: 'new',
      why: expect.stringContaining('was not found')
    })
  })

  it('when it cannot be read for another reason, fails the run rather than risk a second pull request', async () => {
    const sim = await start()
    const jobId = await existingJob(sim, 'never')
    seedPulls(sim, 4, { number: 4, jobId })
    sim.injectFault({ route: 'get', status: 401 })
    await expect(lookUp(sim, settingsFor(sim), recordingLog())).rejects.toThrow(`Could not read agent job ${jobId}: HTTP 401`)
  })
})

describe('a docs repository out of the token’s reach', () => {
  it('gives one warning naming the token that would do, and the run opens a new job', async () => {
    const sim = await start()
    seedPulls(sim, 4)
    sim.github.addToken('ghs_code_only', { identity: DEFAULT_GITHUB_IDENTITY, repositories: { [CODE]: 'write' } })
    const log = recordingLog()
    const run = { ...RUN, repo: repoOf(CODE) }

    const grouped = await lookUp(sim, settingsFor(sim, { 'docs-repository': DOCS }), log, run, 'ghs_code_only')

    expect(grouped).toMatchObject({ decision: { grouped: 'new' }, warned: true })
    const warning = only(log.messages('warning'), 'warning')
    expect(warning).toContain(`group-runs cannot group runs in ${DOCS}: this workflow's token cannot write there (HTTP 404)`)
    expect(warning).toContain(`pull-request write access to ${CODE} and ${DOCS}`)
    expect(warning).toContain(
      'a GitHub App installation token (e.g. from actions/create-github-app-token) or a fine-grained personal access token'
    )
  })
})

describe('the timeline line of a continued run', () => {
  async function continued(sim: Simulator, login?: string): Promise<GroupedRun> {
    const jobId = await existingJob(sim, 'never')
    seedPulls(sim, 2, { number: 2, jobId, ...(login ? { login } : {}) })
    return defined(await lookUp(sim, settingsFor(sim, login ? { 'marker-authors': login } : {}), recordingLog()))
  }

  it('is edited into the introduction when the token wrote it', async () => {
    const sim = await start()
    const grouped = await continued(sim)
    const before = sim.githubRequests().length
    await addToTimeline(grouped, jobReport(), RUN, {
      github: access(sim, recordingLog()),
      client: simulatorClient(sim).client,
      log: recordingLog(),
      records: records(sim)
    })

    const intro = only(sim.github.comments(DOCS, 2), 'introduction')
    expect(intro.body).toContain(`- a push to main ([workflow run](${RUN.runUrl})): 1 commit, Add the limits endpoint`)
    // Signed again for what it now holds: one signature, and the next run still finds the pull request.
    expect(intro.body.match(/docs-agent-action:signature/g)).toHaveLength(1)
    expect(readSignedRecords(intro.body, recordKey(sim.apiKey), { repository: DOCS, number: 2 })).toMatchObject({ kind: 'verified' })
    expect(githubPaths(sim, before).filter((path) => path !== 'POST /api/graphql')).toEqual([
      `PATCH /api/v3/repos/${DOCS}/issues/comments/${intro.id}`
    ])
  })

  it('is a comment of its own when another identity (in marker-authors) wrote the introduction', async () => {
    const sim = await start()
    const grouped = await continued(sim, 'docs-app[bot]')
    await addToTimeline(grouped, jobReport(), RUN, {
      github: access(sim, recordingLog()),
      client: simulatorClient(sim).client,
      log: recordingLog(),
      records: records(sim)
    })

    const [intro, line] = sim.github.comments(DOCS, 2)
    expect(defined(intro).user.login).toBe('docs-app[bot]')
    expect(defined(line).user.login).toBe(DEFAULT_GITHUB_IDENTITY)
    expect(defined(line).body).toContain('sent job `job_0001` a follow-up')
  })

  it('is not written when the follow-up never reached the job', async () => {
    const sim = await start()
    const grouped = await continued(sim)
    const before = sim.githubRequests().length
    await addToTimeline(grouped, jobReport({ job: null }), RUN, {
      github: access(sim, recordingLog()),
      client: simulatorClient(sim).client,
      log: recordingLog(),
      records: records(sim)
    })
    expect(sim.githubRequests()).toHaveLength(before)
  })
})
