import { describe, expect, it } from '@jest/globals'
import { exportOutputs } from '../../../src/operations/analytics/outputs.js'
import { exportReport } from '../../fixtures/analytics-rows.js'

describe('exportOutputs', () => {
  it('sets every analytics output from the report', () => {
    expect(exportOutputs(exportReport())).toEqual({
      outcome: 'exported',
      'failure-reason': '',
      'total-visitors': '1500',
      'human-visitors': '1200',
      'ai-visitors': '400',
      'page-count': '3',
      'row-count': '3',
      file: 'docs-visitors.json'
    })
  })

  it('takes total-visitors from the API total, not from human + AI', () => {
    const outputs = exportOutputs(exportReport({ totals: { human: 10, ai: 10, total: 15 } }))
    expect(outputs['total-visitors']).toBe('15')
  })

  it('writes numbers without thousands separators', () => {
    const outputs = exportOutputs(exportReport({ totals: { human: 1_234_567, ai: 0, total: 1_234_567 }, rowCount: 12_345 }))
    expect(outputs['human-visitors']).toBe('1234567')
    expect(outputs['ai-visitors']).toBe('0')
    expect(outputs['page-count']).toBe('12345')
    expect(outputs['row-count']).toBe('12345')
  })

  it('counts rows of every export, pages only of visitors and views', () => {
    const outputs = exportOutputs(exportReport({ kind: 'searches', totals: null, rowCount: 42, file: 'docs-searches.json' }))
    expect(outputs['row-count']).toBe('42')
    expect(outputs['page-count']).toBe('')
    expect(outputs['total-visitors']).toBe('')
  })

  it('sets outcome partial with the reason', () => {
    const reason = 'The export is partial: it stopped at offset 500 because the request budget (max-requests: 2) was spent.'
    const outputs = exportOutputs(
      exportReport({ verdict: { outcome: 'partial', result: 'warning', headline: 'Partial export.', failureReason: reason } })
    )
    expect(outputs.outcome).toBe('partial')
    expect(outputs['failure-reason']).toBe(reason)
    expect(outputs.file).toBe('docs-visitors.json')
  })

  it('empties the counts and the file when the export failed before any page', () => {
    const reason = 'Could not read the visitors analytics (offset 0): HTTP 401; no file was written (docs-visitors.json is unchanged).'
    const outputs = exportOutputs(
      exportReport({
        verdict: { outcome: 'failed', result: 'failure', headline: reason, failureReason: reason },
        totals: null,
        rowCount: 0,
        file: '',
        top: []
      })
    )
    expect(outputs).toEqual({
      outcome: 'failed',
      'failure-reason': reason,
      'total-visitors': '',
      'human-visitors': '',
      'ai-visitors': '',
      'page-count': '0',
      'row-count': '0',
      file: ''
    })
  })
})
