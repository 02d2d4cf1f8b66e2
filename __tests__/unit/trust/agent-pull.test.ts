/**
 * Who may be introduced (DESIGN "The sweep": "introduces it only when `prLink` names a pull request in the
 * job's `source.repository`, whose head branch is in that repository and which was created at or after the
 * job's `createdAt`"). The author is no test: Mintlify attributes the agent's pull requests to a member who
 * connected GitHub as often as to its App. A job record that does not say where or when is the safe side: no.
 */
import { describe, expect, it } from '@jest/globals'
import { type JobOrigin, judgeAgentPull, judgeLink, jobRepository } from '../../../src/trust/agent-pull.js'
import type { PullOrigin } from '../../../src/github/calls/lookups.js'

const HOST = 'github.com'
const JOB: JobOrigin = { id: 'job_7', repository: 'https://github.com/acme/docs', createdAt: '2026-12-07T10:00:00.640Z' }
const LINK = { repository: 'acme/docs', number: 12 }
/** The agent's pull request: in the job's repository, its branch there, opened two minutes after the job. */
const OWN: PullOrigin = { repository: 'acme/docs', headRepository: 'acme/docs', createdAt: '2026-12-07T10:02:00Z' }

const refusedWhy = (verdict: ReturnType<typeof judgeAgentPull>): string => (verdict.agents ? '' : verdict.why)

describe("the job's source.repository", () => {
  it.each([
    ['https://github.com/acme/docs', 'acme/docs'],
    ['https://GitHub.com/Acme/Docs.git', 'Acme/Docs'],
    ['https://github.com/acme/docs/', 'acme/docs'],
    ['acme/docs', 'acme/docs']
  ])('%s is %s', (source, repository) => {
    expect(jobRepository(source, HOST)).toBe(repository)
  })

  it.each([
    ['another server', 'https://gitlab.com/acme/docs'],
    ['a longer path', 'https://github.com/acme/docs/tree/main'],
    ['plain http', 'http://github.com/acme/docs'],
    ['a name GitHub does not allow', 'https://github.com/acme/..'],
    ['a word', 'docs'],
    ['nothing', null]
  ])('names no repository of this server: %s', (_, source) => {
    expect(jobRepository(source, HOST)).toBeNull()
  })
})

describe('the pull request a job links is the agent’s', () => {
  it('in the job’s repository, its branch there, opened after the job', () => {
    expect(judgeAgentPull(JOB, LINK, OWN, HOST)).toEqual({ agents: true })
  })

  it('whoever GitHub says opened it: the rule reads no author', () => {
    // PullOrigin has no author field at all: a member's account and Mintlify's App are alike.
    expect(Object.keys(OWN).sort()).toEqual(['createdAt', 'headRepository', 'repository'])
  })

  it('opened within the second the job was created (GitHub counts whole seconds, Mintlify milliseconds)', () => {
    expect(judgeAgentPull(JOB, LINK, { ...OWN, createdAt: '2026-12-07T10:00:00Z' }, HOST)).toEqual({ agents: true })
  })

  it('with names spelled in another case, as GitHub compares them', () => {
    expect(judgeAgentPull(JOB, { repository: 'ACME/Docs', number: 12 }, { ...OWN, headRepository: 'Acme/DOCS' }, HOST)).toEqual({
      agents: true
    })
  })
})

describe('the pull request a job links is not the agent’s', () => {
  it('opened before the job, by anyone: never introduced', () => {
    const why = refusedWhy(judgeAgentPull(JOB, LINK, { ...OWN, createdAt: '2026-12-07T09:59:59Z' }, HOST))
    expect(why).toBe(
      "acme/docs#12 was opened at 2026-12-07T09:59:59Z, before job job_7 was created (2026-12-07T10:00:00.640Z): it is no pull request of the agent's, so it is neither introduced nor labelled, and replies there start new jobs instead of follow-ups."
    )
  })

  it('opened at a time GitHub does not say', () => {
    expect(refusedWhy(judgeAgentPull(JOB, LINK, { ...OWN, createdAt: 'yesterday' }, HOST))).toContain('at a time GitHub does not say')
  })

  it("a fork's pull request into the job's repository: its head branch is elsewhere", () => {
    const why = refusedWhy(judgeAgentPull(JOB, LINK, { ...OWN, headRepository: 'stranger/docs' }, HOST))
    expect(why).toContain("acme/docs#12's head branch is in stranger/docs, not in acme/docs")
  })

  it('a pull request whose head repository is gone (a deleted fork)', () => {
    expect(refusedWhy(judgeAgentPull(JOB, LINK, { ...OWN, headRepository: null }, HOST))).toContain('in a repository that is gone')
  })

  it('a link to another repository than the job worked in, decided before any read', () => {
    expect(refusedWhy(judgeLink(JOB, { repository: 'acme/website', number: 12 }, HOST))).toBe(
      "Job job_7 worked in acme/docs, not in acme/website, so acme/website#12 is not the agent's pull request: it is neither introduced nor labelled, and replies there start new jobs instead of follow-ups."
    )
  })

  it('a pull request GitHub now shows in another repository (the link redirected)', () => {
    expect(refusedWhy(judgeAgentPull(JOB, LINK, { ...OWN, repository: 'acme/old-docs' }, HOST))).toContain(
      'acme/docs#12 is a pull request of acme/old-docs now'
    )
  })

  it("a job on another server's repository", () => {
    expect(refusedWhy(judgeLink({ ...JOB, repository: 'https://ghe.example.com/acme/docs' }, LINK, HOST))).toContain(
      "Job job_7's source repository is no repository of this GitHub server"
    )
  })
})

describe('a job record that does not say where or when: the safe side, before any read', () => {
  it('no source.repository', () => {
    expect(refusedWhy(judgeLink({ ...JOB, repository: null }, LINK, HOST))).toBe(
      "Job job_7's record names no source repository, so acme/docs#12 cannot be told to be the agent's pull request: it is neither introduced nor labelled, and replies there start new jobs instead of follow-ups."
    )
  })

  it.each([null, 'soon', 'Jan 1 2026 (a comment V8 would read past)'])('createdAt %s', (createdAt) => {
    expect(refusedWhy(judgeLink({ ...JOB, createdAt }, LINK, HOST))).toContain(
      "Job job_7's record says no time it was created, so acme/docs#12 cannot be told to be opened by it rather than before it"
    )
  })
})
