/** The status each docs check wrote last, kept per status context beside the docs state (DESIGN: per status context, like `judged`). */
import { describe, expect, it } from '@jest/globals'
import {
  type ContextStatuses,
  parseStatuses,
  renderStatuses,
  statusesWith,
  statusOfContext
} from '../../../../src/operations/agent/decide/context-statuses.js'
import type { CommitStatus } from '../../../../src/operations/agent/decide/docs-record.js'

const FAILED: CommitStatus = {
  state: 'failure',
  description: 'The docs agent job job_1 failed.',
  targetUrl: 'https://github.com/a/b/actions/runs/1'
}
const DOCUMENTED: CommitStatus = { state: 'success', description: 'Documented in a/docs#7', targetUrl: 'https://github.com/a/docs/pull/7' }

describe('statuses by context', () => {
  it('reads back what it writes, each context its own', () => {
    const statuses = statusesWith(statusesWith({}, 'status guides', FAILED), 'status api', DOCUMENTED)
    expect(parseStatuses(`<!-- docs-agent-action:state … -->\n${renderStatuses(statuses)}`)).toEqual(statuses)
  })

  it("gives a context its own status, none for a context that wrote none, and an earlier version's one status to all", () => {
    const statuses: ContextStatuses = { 'status guides': FAILED }
    expect(statusOfContext(statuses, 'status guides', DOCUMENTED)).toEqual(FAILED)
    expect(statusOfContext(statuses, 'status api', FAILED)).toBeNull()
    expect(statusOfContext(null, 'status api', DOCUMENTED)).toEqual(DOCUMENTED)
  })

  it('replaces a context written again and keeps at most 10, dropping the oldest', () => {
    let statuses: ContextStatuses = {}
    for (let i = 0; i < 12; i++) statuses = statusesWith(statuses, `status c${i}`, FAILED)
    statuses = statusesWith(statuses, 'status c5', DOCUMENTED)
    expect(Object.keys(statuses)).toEqual([
      'status c2',
      'status c3',
      'status c4',
      'status c6',
      'status c7',
      'status c8',
      'status c9',
      'status c10',
      'status c11',
      'status c5'
    ])
    expect(statuses['status c5']).toEqual(DOCUMENTED)
  })

  it('reads a record without the marker as an earlier version, and a malformed marker as no statuses', () => {
    expect(parseStatuses('<!-- docs-agent-action:job job_1 -->')).toBeNull()
    expect(parseStatuses('<!-- docs-agent-action:statuses v1 bm90IGpzb24 -->')).toEqual({})
    const bad = Buffer.from(JSON.stringify([{ key: 'status x', status: { state: 'green', description: '', targetUrl: null } }])).toString(
      'base64url'
    )
    expect(parseStatuses(`<!-- docs-agent-action:statuses v1 ${bad} -->`)).toEqual({})
  })

  it('writes no marker for no statuses', () => {
    expect(renderStatuses({})).toBe('')
  })
})
