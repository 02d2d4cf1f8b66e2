/** The static export bench's rows: the ratio to the user's shell pipeline against its 1.1× target, the peak RSS against 150 MB. */
import { describe, expect, it } from '@jest/globals'
import { staticExportRows } from '../../scripts/bench-static-export.js'

const FIGURES = {
  bundleBytes: 200_089_179,
  downloadMs: 1_936.4,
  pipelineMs: 1_871,
  operationMs: 6_820,
  peakRssBytes: 117_764_096,
  outcome: 'exported'
}

describe('the static export rows', () => {
  it('give the download beside the shell pipeline, and the whole operation with its peak RSS', () => {
    expect(staticExportRows(FIGURES)).toEqual([
      [
        'static export, 200 MB bundle: download with SHA-256, gzip and tar checks, process start to exit (median of 3, in turn with the shell pipeline)',
        '1.94 s',
        '1.03× the 1.87 s of `curl -sf | tee | sha256sum` then `tar -tzf` on the same link (target 1.10×: reached)'
      ],
      [
        'static export, 200 MB bundle: the whole operation (the job read with its link, download, gzip and tar checks)',
        '6.82 s',
        'peak RSS 118 MB (budget 150 MB: kept); exported'
      ]
    ])
  })

  it('say when a target is missed', () => {
    const [download, operation] = staticExportRows({ ...FIGURES, downloadMs: 2_200, peakRssBytes: 151_000_000 })
    expect(download?.[2]).toContain('1.18×')
    expect(download?.[2]).toContain('not reached')
    expect(operation?.[2]).toContain('budget 150 MB: exceeded')
  })
})
