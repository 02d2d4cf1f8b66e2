// The reader events the reader analytics endpoints count: feedback, assistant conversations and searches,
// generated per day of the data window from (seed, day, index), plus the patterns a test plants on top.
import { rand } from './random.js'
import type { PlantedPatterns, ReaderVolume } from './types.js'

const DAY_MS = 24 * 60 * 60 * 1000
export const FEEDBACK_SOURCES = ['code_snippet', 'contextual', 'agent', 'thumbs_only'] as const
const STATUSES = ['pending', 'in_progress', 'resolved', 'dismissed'] as const
const CATEGORIES = ['installation', 'authentication', 'billing', 'api-reference', 'deployment']
const SEARCH_TERMS = ['install', 'api key', 'webhooks', 'rate limit', 'pagination', 'sdk', 'deploy', 'custom domain', 'analytics', 'errors']
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

export const DEFAULT_READER_VOLUME: ReaderVolume = { feedbackPerDay: 6, conversationsPerDay: 20, searchesPerDay: 40, pages: 50, seed: 1 }

export interface FeedbackEntry {
  id: string
  path: string
  comment: string | null
  createdAt: string
  source: (typeof FEEDBACK_SOURCES)[number]
  status: (typeof STATUSES)[number]
  helpful?: boolean
  contact?: string | null
  code?: string
  filename?: string | null
  lang?: string | null
}

export interface Conversation {
  id: string
  timestamp: string
  query: string
  response: string
  responseType: 'answer' | 'clarifying_question'
  sources: { title: string; url: string }[]
  resolutionStatus: 'answered' | 'unanswered'
  queryCategory: string | null
  pageUrl: string | null
  caller: 'web' | 'api' | 'other'
}

export interface SearchEvent {
  term: string
  clickedPage: string | null
  at: number
}

export class ReaderEvents {
  volume: ReaderVolume = { ...DEFAULT_READER_VOLUME }
  readonly planted: PlantedPatterns = { thumbsDown: [], deadSearches: [], unansweredCategories: [], votes: [], questions: [] }

  /** Every feedback entry of [fromMs, toMs), newest first (no request is made or counted). */
  feedbackEntries(fromMs: number, toMs: number): FeedbackEntry[] {
    const entries: FeedbackEntry[] = []
    for (const day of days(fromMs, toMs)) {
      for (let j = 0; j < this.volume.feedbackPerDay; j++) entries.push(this.generatedFeedback(day, j))
      this.planted.thumbsDown.forEach((plant, p) => {
        for (let j = 0; j < plant.perDay; j++) entries.push(plantedThumbsDown(plant.path, day, p, j))
      })
      this.planted.votes.forEach((plant, p) => {
        for (const j of spreadOver(plant, plant.up + plant.down, day)) entries.push(plantedVote(plant.path, day, p, j, j >= plant.down))
      })
    }
    return entries.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id))
  }

  /** Every assistant conversation of [fromMs, toMs), newest first. */
  conversations(fromMs: number, toMs: number): Conversation[] {
    const list: Conversation[] = []
    for (const day of days(fromMs, toMs)) {
      for (let j = 0; j < this.volume.conversationsPerDay; j++) list.push(this.generatedConversation(day, j))
      this.planted.unansweredCategories.forEach((plant, p) => {
        for (let j = 0; j < plant.perDay; j++) list.push(plantedUnanswered(plant.category, plant.pagePath, day, p, j))
      })
      this.planted.questions.forEach((plant, p) => {
        const total = plant.unanswered + plant.answered + (plant.clarifying ?? 0)
        for (const j of spreadOver(plant, total, day)) list.push(plantedQuestion(plant, day, p, j))
      })
    }
    return list.sort((a, b) => b.id.localeCompare(a.id))
  }

  /** Search events of [fromMs, toMs). */
  searchEvents(fromMs: number, toMs: number): SearchEvent[] {
    const events: SearchEvent[] = []
    const { seed, searchesPerDay } = this.volume
    for (const day of days(fromMs, toMs)) {
      for (let j = 0; j < searchesPerDay; j++) {
        // Lower terms are searched more often: a skewed pick over the built-in terms.
        const term = SEARCH_TERMS[Math.floor(SEARCH_TERMS.length * rand(seed, day * 1000 + j, 11) ** 2)] ?? 'install'
        const clicked = rand(seed, day * 1000 + j, 12) < 0.7 ? this.pagePath(day * 1000 + j, 13) : null
        events.push({ term, clickedPage: clicked, at: day * DAY_MS + j * 1000 })
      }
      this.planted.deadSearches.forEach((plant) => {
        for (let j = 0; j < plant.perDay; j++) events.push({ term: plant.term, clickedPage: null, at: day * DAY_MS + 3_600_000 + j * 1000 })
      })
    }
    return events
  }

  private pagePath(key: number, salt: number): string {
    // Skewed towards the first pages, as reading is.
    const i = Math.floor(this.volume.pages * rand(this.volume.seed, key, salt) ** 2)
    return `/docs/page-${`${i + 1}`.padStart(6, '0')}`
  }

  private generatedFeedback(day: number, j: number): FeedbackEntry {
    const key = day * 1000 + j
    const { seed } = this.volume
    const source = FEEDBACK_SOURCES[Math.floor(rand(seed, key, 1) * FEEDBACK_SOURCES.length)] ?? 'thumbs_only'
    const status = STATUSES[Math.floor(rand(seed, key, 2) * STATUSES.length)] ?? 'pending'
    const base = {
      id: `fb-${day}-${`${j}`.padStart(4, '0')}`,
      path: this.pagePath(key, 3),
      comment: source === 'thumbs_only' ? null : `Reader comment ${key}: the example on this page did not work for me.`,
      createdAt: new Date(day * DAY_MS + j * 60_000).toISOString(),
      source,
      status
    }
    if (source === 'contextual') return { ...base, helpful: rand(seed, key, 4) < 0.75, contact: `reader${key}@example.com` }
    if (source === 'code_snippet') return { ...base, code: 'npm install mint', filename: 'install.sh', lang: 'bash' }
    return base
  }

  private generatedConversation(day: number, j: number): Conversation {
    const key = day * 10_000 + j
    const { seed } = this.volume
    const category = CATEGORIES[Math.floor(rand(seed, key, 5) * CATEGORIES.length)] ?? null
    const answered = rand(seed, key, 6) < 0.85
    const page = this.pagePath(key, 7)
    const callerDraw = rand(seed, key, 8)
    return {
      id: ulid(day * DAY_MS + j * 1000, key),
      timestamp: new Date(day * DAY_MS + j * 1000).toISOString(),
      query: `How do I configure ${category ?? 'this'} (question ${key})?`,
      response: answered ? `See the ${category ?? ''} guide.` : 'I could not find this in the documentation.',
      responseType: rand(seed, key, 9) < 0.1 ? 'clarifying_question' : 'answer',
      sources: answered ? [{ title: `Page ${page}`, url: `https://docs.example.com${page}` }] : [],
      resolutionStatus: answered ? 'answered' : 'unanswered',
      queryCategory: category,
      pageUrl: rand(seed, key, 10) < 0.9 ? `https://docs.example.com${page}` : null,
      caller: callerDraw < 0.7 ? 'web' : callerDraw < 0.9 ? 'api' : 'other'
    }
  }
}

function plantedThumbsDown(path: string, day: number, plant: number, j: number): FeedbackEntry {
  return {
    id: `fb-${day}-p${plant}-${`${j}`.padStart(4, '0')}`,
    path,
    comment: `This page is wrong (planted ${j}).`,
    createdAt: new Date(day * DAY_MS + 7_200_000 + j * 60_000).toISOString(),
    source: 'contextual',
    status: 'pending',
    helpful: false,
    contact: `unhappy${j}@example.com`
  }
}

function plantedUnanswered(category: string, pagePath: string, day: number, plant: number, j: number): Conversation {
  const ms = day * DAY_MS + 7_200_000 + plant * 100_000 + j * 1000
  return {
    id: ulid(ms, 0x7000_0000 + plant * 1000 + j),
    timestamp: new Date(ms).toISOString(),
    query: `Can I do ${category} (asked ${j})?`,
    response: 'I could not find this in the documentation.',
    responseType: 'answer',
    sources: [],
    resolutionStatus: 'unanswered',
    queryCategory: category,
    pageUrl: `https://docs.example.com${pagePath}`,
    caller: 'web'
  }
}

/**
 * The indices (0 … total − 1) of a plant's events that fall on `day`: event j falls on the j-th day of the
 * plant's span, round-robin, so every day gets its share and the span's total is exact.
 */
function spreadOver(span: { fromMs: number; toMs: number }, total: number, day: number): number[] {
  const first = Math.floor(span.fromMs / DAY_MS)
  const count = Math.ceil(span.toMs / DAY_MS) - first
  const offset = day - first
  if (offset < 0 || offset >= count) return []
  const indices: number[] = []
  for (let j = offset; j < total; j += count) indices.push(j)
  return indices
}

function plantedVote(path: string, day: number, plant: number, j: number, helpful: boolean): FeedbackEntry {
  return {
    id: `fb-${day}-v${plant}-${`${j}`.padStart(6, '0')}`,
    path,
    comment: null,
    createdAt: new Date(day * DAY_MS + 10_800_000 + (j % 3600) * 1000).toISOString(),
    source: 'thumbs_only',
    status: 'resolved',
    helpful
  }
}

function plantedQuestion(plant: PlantedPatterns['questions'][number], day: number, index: number, j: number): Conversation {
  const ms = day * DAY_MS + 14_400_000 + index * 100_000 + (j % 3600) * 10
  const unanswered = j < plant.unanswered
  const clarifying = j >= plant.unanswered + plant.answered
  return {
    id: ulid(ms, 0x5000_0000 + index * 100_000 + j),
    timestamp: new Date(ms).toISOString(),
    query: `Planted question ${j}`,
    response: unanswered ? 'I could not find this in the documentation.' : 'See the guide.',
    responseType: clarifying ? 'clarifying_question' : 'answer',
    sources: (plant.cites ?? []).map((path) => ({ title: `Page ${path}`, url: `https://docs.example.com${path}` })),
    resolutionStatus: unanswered ? 'unanswered' : 'answered',
    queryCategory: null,
    pageUrl: plant.pagePath === null ? null : `https://docs.example.com${plant.pagePath}`,
    caller: 'web'
  }
}

/** Whole UTC days (epoch day numbers) that [fromMs, toMs) touches. */
function days(fromMs: number, toMs: number): number[] {
  const list: number[] = []
  for (let day = Math.floor(fromMs / DAY_MS); day * DAY_MS < toMs; day++) list.push(day)
  return list
}

/** A ULID (26 Crockford base-32 characters: 48-bit time, then 80 bits from `key`), sortable by time. */
function ulid(ms: number, key: number): string {
  let time = ''
  let t = ms
  for (let i = 0; i < 10; i++) {
    time = (CROCKFORD[t % 32] ?? '0') + time
    t = Math.floor(t / 32)
  }
  let tail = ''
  let k = key >>> 0
  for (let i = 0; i < 16; i++) {
    tail = (CROCKFORD[k % 32] ?? '0') + tail
    k = Math.floor(k / 32)
  }
  return time + tail
}

/**
 * The simulated site's pages as the search index holds them: the page paths the generated events fall on,
 * each about one of the built-in search terms, so those terms find pages and planted dead searches do not.
 */
export function sitePages(volume: ReaderVolume): { path: string; text: string }[] {
  return Array.from({ length: volume.pages }, (_, i) => ({
    path: `/docs/page-${`${i + 1}`.padStart(6, '0')}`,
    text: `Page ${i + 1} of the docs, about ${SEARCH_TERMS[i % SEARCH_TERMS.length] ?? 'install'}.`
  }))
}
