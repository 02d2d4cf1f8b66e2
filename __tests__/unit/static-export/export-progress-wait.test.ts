/**
 * The wait on a static export, the real waiting code on a virtual clock: a progress line each time the
 * export passes another tenth, and at least once a minute when it moves slowly.
 */
import { describe, expect, it } from '@jest/globals'
import { EXPORT_STATUSES, EXPORT_TERMINAL_STATUSES, type ExportJob, parseExportJob } from '../../../src/mintlify/static-export.js'
import { passedTenth, progressLine } from '../../../src/operations/static-export/progress.js'
import { waitFor } from '../../../src/wait.js'
import { recordingLog } from '../../fixtures/recording-log.js'
import { VirtualClock } from '../../fixtures/virtual-clock.js'

/** An export whose progress rises by `perMinute` percent a minute on `clock`, completed at 100. */
function exportOn(clock: VirtualClock, perMinute: number): () => Promise<ExportJob> {
  const start = clock.now()
  return () => {
    const progress = Math.min(100, Math.floor(((clock.now() - start) / 60_000) * perMinute))
    return Promise.resolve(
      parseExportJob({ jobId: 'se_1', status: progress >= 100 ? 'completed' : 'running', progress, pageCount: progress * 3 })
    )
  }
}

async function progressLines(perMinute: number): Promise<{ at: number; message: string }[]> {
  const clock = new VirtualClock()
  const log = recordingLog(clock)
  const result = await waitFor<ExportJob>(
    exportOn(clock, perMinute),
    parseExportJob({ jobId: 'se_1', status: 'queued', progress: 0, pageCount: 0 }),
    {
      label: 'static export se_1',
      statusOf: (job) => job.status,
      known: EXPORT_STATUSES,
      terminal: EXPORT_TERMINAL_STATUSES,
      progress: { line: (job, waitedMs) => progressLine('se_1', job, waitedMs), passed: passedTenth }
    },
    { clock, deadline: clock.now() + 3_600_000, pollIntervalMs: 15_000, signal: new AbortController().signal, log }
  )
  expect(result.kind).toBe('terminal')
  return log.lines.filter((line) => /^Static export se_1: \d+%/.test(line.message))
}

describe('the progress lines of a static export', () => {
  it('says every tenth, in order, for an export of a few minutes', async () => {
    const lines = await progressLines(25)
    const tenths = lines.map((line) => Math.floor(Number(/: (\d+)%/.exec(line.message)?.[1]) / 10))
    expect(tenths).toEqual([...tenths].sort((a, b) => a - b))
    expect(new Set(tenths)).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]))
    // A line a tenth, and a heartbeat now and then: never a line a poll.
    expect(lines.length).toBeLessThan(15)
  })

  it('says where the export is at least once a minute when a tenth takes longer', async () => {
    const lines = await progressLines(2)
    const gaps = lines.slice(1).map((line, i) => line.at - (lines[i]?.at ?? 0))
    expect(lines.length).toBeGreaterThan(40)
    expect(Math.max(...gaps)).toBeLessThanOrEqual(60_000 + 15_000)
    expect(lines[0]?.message).toMatch(/^Static export se_1: \d+% \(\d+ pages, 1m \d\ds\)$/)
  })
})
