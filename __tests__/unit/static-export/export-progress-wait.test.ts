/**
 * The wait on a static export, the real waiting code on a virtual clock: the job gives no percentage any
 * more, so the log says each change of status and, at least once a minute, where the export is.
 */
import { describe, expect, it } from '@jest/globals'
import { EXPORT_STATUSES, EXPORT_TERMINAL_STATUSES, type ExportJob, parseExportJob } from '../../../src/mintlify/static-export.js'
import { formatDuration } from '../../../src/duration.js'
import { waitFor } from '../../../src/wait.js'
import { recordingLog } from '../../fixtures/recording-log.js'
import { VirtualClock } from '../../fixtures/virtual-clock.js'

/** An export queued for `queuedMs` on `clock`, then running until `doneMs`, then completed. */
function exportOn(clock: VirtualClock, queuedMs: number, doneMs: number): () => Promise<ExportJob> {
  const start = clock.now()
  return () => {
    const age = clock.now() - start
    const status = age < queuedMs ? 'queued' : age < doneMs ? 'running' : 'completed'
    return Promise.resolve(parseExportJob({ jobId: 'j1', status }))
  }
}

async function waitLines(queuedMs: number, doneMs: number): Promise<{ at: number; message: string }[]> {
  const clock = new VirtualClock()
  const log = recordingLog(clock)
  const result = await waitFor<ExportJob>(
    exportOn(clock, queuedMs, doneMs),
    parseExportJob({ jobId: 'j1', status: 'queued' }),
    {
      label: 'static export j1',
      statusOf: (job) => job.status,
      known: EXPORT_STATUSES,
      terminal: EXPORT_TERMINAL_STATUSES,
      heartbeat: (job, waitedMs) => `Static export j1: ${job.status ?? 'queued'} (${formatDuration(waitedMs)})`
    },
    { clock, deadline: clock.now() + 3_600_000, pollIntervalMs: 15_000, signal: new AbortController().signal, log }
  )
  expect(result.kind).toBe('terminal')
  return log.lines
}

describe('the log of a static export being waited on', () => {
  it('says each change of status once, in order', async () => {
    const lines = (await waitLines(30_000, 200_000)).map((line) => line.message)
    const changes = lines.filter((line) => line.includes('→'))
    expect(changes).toHaveLength(2)
    expect(changes[0]).toMatch(/^Static export j1: queued → running after [\d.]+s\.$/)
    expect(changes[1]).toMatch(/^Static export j1: running → completed after 3m [\d.]+s\.$/)
  })

  it('says where the export is at least once a minute when it runs long, in its own words', async () => {
    const lines = await waitLines(10_000, 20 * 60_000)
    const heartbeats = lines.filter((line) => /^Static export j1: running \(\d+m( \d+s)?\)$/.test(line.message))
    expect(heartbeats.length).toBeGreaterThanOrEqual(17)
    const all = lines.map((line) => line.at)
    const gaps = all.slice(1).map((at, i) => at - (all[i] ?? 0))
    expect(Math.max(...gaps)).toBeLessThanOrEqual(60_000 + 15_000)
    // A line a minute and a line a change: never a line a poll.
    expect(lines.length).toBeLessThan(30)
  })
})
