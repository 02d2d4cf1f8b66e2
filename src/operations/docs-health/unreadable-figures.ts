/**
 * The figures Mintlify answered outside their domain (a negative or fractional count, a total above
 * human + AI, a date that does not parse), collected by endpoint from each page the report reads. They
 * are left out of the summary and the `report` output, listed in the file's `unreadable`, and make the
 * report partial: never printed as facts.
 */
import type { Unreadable } from '../../mintlify/analytics.js'
import type { Counts } from './findings.js'
import type { UnreadableFigure } from './health-report.js'
import type { Section } from './plan.js'

export class UnreadableFigures {
  readonly list: UnreadableFigure[] = []

  /** Notes the fields a page of `endpoint` lists as unreadable (once each), and hands the page on. */
  of(endpoint: string): <T extends Unreadable>(page: T) => T {
    return (page) => {
      for (const field of page.unreadable ?? []) if (!this.has(endpoint, field)) this.list.push({ endpoint, field })
      return page
    }
  }

  has(endpoint: string, field?: string): boolean {
    return this.list.some((figure) => figure.endpoint === endpoint && (field === undefined || figure.field === field))
  }

  /** A section computed from a total outside its domain (the searches' shares, the assistant's callers) is left out whole. */
  leavesOut(section: Section): boolean {
    if (section === 'searchesWithoutClicks') return this.has('searches', 'totalSearches')
    return section === 'assistant' && this.has('assistant/caller-stats')
  }

  /** The site-wide totals of a traffic endpoint that are left out. */
  totals(endpoint: 'visitors' | 'views'): Set<keyof Counts> {
    return new Set((['human', 'ai', 'total'] as const).filter((figure) => this.has(endpoint, `totals.${figure}`)))
  }
}
