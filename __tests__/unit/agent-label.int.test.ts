/**
 * `agent-label`: read and checked with the step's inputs, put on the agent's pull request by the run that
 * introduces it (GitHub creating the label the first time), and the track record's search and file reads,
 * all through the real GitHub client against the fake GitHub.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { labelAgentPull, readAgentLabel } from '../../src/operations/agent-label.js'
import { findAgentPulls, searchQuery } from '../../src/operations/docs-health/track-record/reads.js'
import { type Simulator, startSimulator } from '../../simulator/index.js'
import { connectTo, preloadToolkit, requestsTo, SIM_REPO } from '../fixtures/github-client.js'
import { recordingLog } from '../fixtures/recording-log.js'
import { refusal } from '../fixtures/refusal.js'
import { agentSettings, stepInputs } from '../fixtures/step-settings.js'

describe('readAgentLabel', () => {
  it("is read with a job's inputs, which refuse it equal to label before any request", () => {
    expect(agentSettings({ 'agent-label': 'docs-agent', label: 'docs' }).agentLabel).toBe('docs-agent')
    expect(refusal(() => agentSettings({ 'agent-label': 'docs', label: 'docs' })).input).toBe('agent-label')
  })

  it.each([
    [{ 'agent-label': 'docs-agent' }, 'docs-agent'],
    [{ 'agent-label': '  docs agent  ', label: 'docs' }, 'docs agent'],
    [{ 'agent-label': '' }, ''],
    [{}, '']
  ])('reads %j as %j', (inputs: Record<string, string>, label) => {
    expect(readAgentLabel(stepInputs(inputs), inputs.label ?? '')).toBe(label)
  })

  it.each([
    [{ 'agent-label': 'docs', label: 'docs' }, "Inputs 'agent-label' and 'label' are both 'docs'"],
    [{ 'agent-label': 'Docs', label: 'docs' }, "Inputs 'agent-label' and 'label' are both 'docs'"],
    [{ 'agent-label': 'say "hi"' }, "Input 'agent-label' must be a label name of at most 50 characters without quotes or line breaks"],
    [{ 'agent-label': 'x'.repeat(51) }, "Input 'agent-label' must be a label name of at most 50 characters"]
  ])('refuses %j in one sentence naming the input', (inputs: Record<string, string>, message) => {
    const error = refusal(() => readAgentLabel(stepInputs(inputs), inputs.label ?? ''))
    expect(error.input).toBe('agent-label')
    expect(error.message).toContain(message)
  })
})

let sim: Simulator
beforeAll(preloadToolkit)
beforeEach(async () => {
  sim = await startSimulator()
  sim.github.addIssue('octo-org/docs', { number: 101, title: 'Docs agent', pullRequest: true, user: 'mintlify[bot]' })
})
afterEach(async () => {
  await sim.close()
})

describe("labelling the agent's pull request", () => {
  it('puts the label on it, GitHub creating the label the first time, and says so in the log', async () => {
    const { api } = await connectTo(sim)
    const log = recordingLog()
    await labelAgentPull(api, 101, 'docs-agent', log)
    expect(sim.github.labels('octo-org/docs', 101)).toEqual(['docs-agent'])
    expect(sim.github.repositoryLabels('octo-org/docs')).toContain('docs-agent')
    expect(log.messages('warning')).toEqual([])
    expect(log.messages('info')).toContainEqual(expect.stringContaining('Labelled octo-org/docs#101 docs-agent'))
  })

  it('sends nothing with an empty agent-label', async () => {
    const { api } = await connectTo(sim)
    await labelAgentPull(api, 101, '', recordingLog())
    expect(requestsTo(sim, 'POST', /\/labels$/)).toBe(0)
  })

  it('turns a refusal into one warning saying to create the label by hand or give the token issues: write', async () => {
    sim.github.forbid('labels')
    const { api } = await connectTo(sim)
    const log = recordingLog()
    await labelAgentPull(api, 101, 'docs-agent', log)
    expect(log.messages('warning')).toHaveLength(1)
    expect(log.messages('warning')[0]).toMatch(/HTTP 403, the token lacks the 'issues: write' permission/)
    expect(log.messages('warning')[0]).toContain(
      'create the label docs-agent once by hand in octo-org/docs, or give the token issues: write there.'
    )
  })
})

describe("the track record's reads", () => {
  it('searches once with the query DESIGN gives, then reads each merged pull request’s files with their renames', async () => {
    sim.github.addIssue('octo-org/docs', {
      number: 7,
      title: 'Docs',
      pullRequest: true,
      labels: ['docs-agent'],
      files: [{ filename: 'guides/install.mdx', status: 'renamed', previousFilename: 'guides/setup.mdx' }, 'index.mdx']
    })
    sim.github.closePull('octo-org/docs', 7, { merged: true, at: '2026-10-07T12:00:00Z' })
    sim.github.addIssue('octo-org/docs', { number: 8, title: 'Open', pullRequest: true, labels: ['docs-agent'] })
    const { api } = await connectTo(sim)
    const search = { repo: SIM_REPO, label: 'docs-agent', since: '2026-08-28' }
    expect(searchQuery(search)).toBe('repo:octo-org/docs is:pr is:merged label:"docs-agent" merged:>=2026-08-28')

    const { found, totalCount } = await findAgentPulls(api, search, recordingLog())
    expect(totalCount).toBe(1)
    expect(found).toEqual([
      {
        number: 7,
        url: 'https://github.com/octo-org/docs/pull/7',
        mergedAt: Date.parse('2026-10-07T12:00:00Z'),
        files: [
          { filename: 'guides/install.mdx', status: 'renamed', previousFilename: 'guides/setup.mdx' },
          { filename: 'index.mdx', status: 'modified' }
        ],
        filesCut: false
      }
    ])
    expect(requestsTo(sim, 'GET', /\/search\/issues$/)).toBe(1)
    expect(requestsTo(sim, 'GET', /\/pulls\/7\/files$/)).toBe(1)
  })

  it('reads at most 300 files of a pull request (3 reads of 100) and says the rest was not read', async () => {
    const files = Array.from({ length: 420 }, (_, i) => `page-${i}.mdx`)
    sim.github.addIssue('octo-org/docs', { number: 9, title: 'Big', pullRequest: true, labels: ['docs-agent'], files })
    sim.github.closePull('octo-org/docs', 9, { merged: true, at: '2026-10-07T12:00:00Z' })
    const { api } = await connectTo(sim)
    const { found } = await findAgentPulls(api, { repo: SIM_REPO, label: 'docs-agent', since: '2026-08-28' }, recordingLog())
    expect(found[0]?.files).toHaveLength(300)
    expect(found[0]?.filesCut).toBe(true)
    expect(requestsTo(sim, 'GET', /\/pulls\/9\/files$/)).toBe(3)
  })

  it('keeps a pull request whose files GitHub refuses, without files (then not judged), with one warning', async () => {
    for (const number of [10, 11]) {
      sim.github.addIssue('octo-org/docs', { number, title: 'Docs', pullRequest: true, labels: ['docs-agent'] })
      sim.github.closePull('octo-org/docs', number, { merged: true, at: '2026-10-07T12:00:00Z' })
    }
    sim.github.forbid('pulls')
    const { api } = await connectTo(sim)
    const log = recordingLog()
    const { found } = await findAgentPulls(api, { repo: SIM_REPO, label: 'docs-agent', since: '2026-08-28' }, log)
    expect(found.map((pull) => pull.files)).toEqual([null, null])
    expect(log.messages('warning')).toHaveLength(1)
  })
})
