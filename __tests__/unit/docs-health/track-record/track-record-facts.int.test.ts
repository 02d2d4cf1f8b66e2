/**
 * The track record's facts from GitHub (the real client against the fake GitHub): off, without GitHub,
 * refused, or the standings of the merged pull requests it found.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { TrackRecordInputs } from '../../../../src/operations/docs-health/inputs.js'
import { trackRecordFacts, type TrackRecordDeps } from '../../../../src/operations/docs-health/track-record/run.js'
import { type Simulator, startSimulator } from '../../../../simulator/index.js'
import { connectTo, preloadToolkit, SIM_REPO } from '../../../fixtures/github-client.js'
import { recordingLog, type RecordingLog } from '../../../fixtures/recording-log.js'

const NOW = Date.parse('2026-11-27T16:00:00Z')
const INPUTS: TrackRecordInputs = { agentLabel: 'docs-agent', impactWeeks: 4, docsFolder: '', docsRepository: null }

let sim: Simulator
let log: RecordingLog
beforeAll(preloadToolkit)
beforeEach(async () => {
  sim = await startSimulator()
  log = recordingLog()
})
afterEach(async () => {
  await sim.close()
})

function deps(overrides: Partial<TrackRecordDeps> = {}): TrackRecordDeps {
  return { runRepo: SIM_REPO, connect: async () => (await connectTo(sim)).api, now: NOW, log, ...overrides }
}

describe("the track record's facts", () => {
  it('stands each merged pull request the search found', async () => {
    sim.github.addIssue('octo-org/docs', { number: 7, title: 'Docs', pullRequest: true, labels: ['docs-agent'], files: ['setup.mdx'] })
    sim.github.closePull('octo-org/docs', 7, { merged: true, at: '2026-09-16T12:00:00Z' })
    sim.github.addIssue('octo-org/docs', { number: 8, title: 'Docs', pullRequest: true, labels: ['docs-agent'], files: ['setup.mdx'] })
    sim.github.closePull('octo-org/docs', 8, { merged: true, at: '2026-11-18T12:00:00Z' })
    const facts = await trackRecordFacts(INPUTS, deps())
    expect(facts?.since).toBe('2026-08-28')
    expect(facts?.standings.pulls.map((pull) => [pull.number, pull.standing.kind])).toEqual([
      [8, 'waiting'],
      [7, 'judged']
    ])
    expect(log.messages('info')).toContain(
      'Track record: 2 pull request(s) labelled docs-agent merged in octo-org/docs since 2026-08-28; 1 judged, 1 waiting for their weeks after the merge, 0 not judged.'
    )
  })

  it('looks in docs-repository when it is set', async () => {
    const asked: string[] = []
    await trackRecordFacts(
      { ...INPUTS, docsRepository: { owner: 'acme', repo: 'site' } },
      deps({
        connect: (repo) => {
          asked.push(`${repo.owner}/${repo.repo}`)
          return Promise.resolve(null)
        }
      })
    )
    expect(asked).toEqual(['acme/site'])
  })

  it.each([
    ['impact-weeks 0', { impactWeeks: 0 }, 'info', 'impact-weeks is 0: the report has no track record.'],
    [
      'an empty agent-label',
      { agentLabel: '' },
      'notice',
      "Input 'agent-label' is empty: the report has no track record of the agent's pull requests."
    ]
  ] as const)('is off with %s', async (_name, inputs, level, message) => {
    expect(await trackRecordFacts({ ...INPUTS, ...inputs }, deps())).toBeNull()
    expect(log.messages(level)).toContain(message)
    expect(sim.githubRequests()).toEqual([])
  })

  it('is one warning without GitHub', async () => {
    expect(await trackRecordFacts(INPUTS, deps({ connect: () => Promise.resolve(null) }))).toBeNull()
    expect(log.messages('warning')).toEqual([
      'The track record needs GitHub (a github-token and the docs repository), which this run has not: the report has none.'
    ])
  })

  it('is one warning when GitHub refuses the search; the report goes on without it', async () => {
    const facts = await trackRecordFacts(INPUTS, deps({ runRepo: { owner: 'octo-org', repo: 'unknown' } }))
    expect(facts).toBeNull()
    expect(log.messages('warning')).toHaveLength(1)
    expect(log.messages('warning')[0]).toMatch(/^Could not search the merged pull requests: HTTP 422[\s\S]*The report has no track record/)
  })
})
