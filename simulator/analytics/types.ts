// Public types of the fake analytics endpoints (see FakeAnalytics).

/** Patterns planted into the reader analytics, every day of the data window. */
export interface PlantedPatterns {
  /** Contextual feedback, helpful false, status pending, with a comment and a contact address. */
  thumbsDown: { path: string; perDay: number }[]
  /** Searches for `term` whose readers click nothing (ctr 0, topClickedPage null). */
  deadSearches: { term: string; perDay: number }[]
  /** Assistant conversations in `category`, all unanswered, started on `pagePath` (web callers). */
  unansweredCategories: { category: string; perDay: number; pagePath: string }[]
  /** Thumbs on `path`, spread over the days of [fromMs, toMs) (see FakeAnalytics.plantVotes). */
  votes: ({ path: string; fromMs: number; toMs: number } & VotePlant)[]
  /** Assistant questions, spread over the days of [fromMs, toMs) (see FakeAnalytics.plantQuestions). */
  questions: ({ fromMs: number; toMs: number } & QuestionPlant)[]
}

/** Thumbs planted on one page in a span: `up` helpful and `down` not, spread round-robin over its days. */
export interface VotePlant {
  up: number
  down: number
}

/** Questions planted in a span, spread round-robin over its days. */
export interface QuestionPlant {
  /** The page they start on (`pageUrl` https://docs.example.com<pagePath>); null: no pageUrl. */
  pagePath: string | null
  answered: number
  unanswered: number
  /** Clarifying turns (`responseType: clarifying_question`), which are not questions. Default 0. */
  clarifying?: number
  /** Pages every planted question cites (`sources[].url`). */
  cites?: string[]
}

/** How many reader events the simulator generates per day of the data window (before planted ones). */
export interface ReaderVolume {
  /** Feedback entries per day (default 6), spread over the four sources and statuses. */
  feedbackPerDay: number
  /** Assistant conversations per day (default 20; about 15 % unanswered; 70 % web, 20 % api, 10 % other). */
  conversationsPerDay: number
  /** Search hits per day (default 40) over ten built-in terms, 70 % of them followed by a click. */
  searchesPerDay: number
  /** Pages the generated events fall on ('/docs/page-000001', …; default 50), the first ones most. */
  pages: number
  /** Varies every generated event (default 1). */
  seed: number
}

/** The two analytics exports: the response's array key and the endpoint's last path segment. */
export type AnalyticsKind = 'visitors' | 'views'

export interface AnalyticsTotals {
  human: number
  ai: number
  total: number
}

export interface AnalyticsRow extends AnalyticsTotals {
  path: string
}

/**
 * The fake analytics endpoints `GET /v1/analytics/{projectId}/visitors` and `/views` (same auth and
 * project checks as the job endpoints: 401, 404). Query `dateFrom`, `dateTo` (`YYYY-MM-DD` or ISO 8601;
 * `dateTo` exclusive; no offset = UTC), `limit` 1–250 (default 50), `offset` ≥ 0 (default 0). Answers
 * 200 `{totals, visitors|views: rows[offset, offset + limit), hasMore: offset + limit < rows}`, or 400
 * `{error: 'Invalid query parameters', details: [{message}]}` for a bad limit/offset/date or dateFrom ≥
 * dateTo (every problem gets a detail), or 429 `{error: 'Rate limit exceeded'}` past the quota.
 *
 * The data is virtual: row i is computed from i and the seed (a page costs O(limit), whatever `paths`).
 * Base rows are '/docs/page-000001', '/docs/page-000002', … in ranking order (total descending, ties by
 * path). Visitors: each row's `total` is deduplicated (≥ max(human, ai), < human + ai), and so are the
 * site totals (which are also far below the sum of the rows). Views: the same paths in the same order,
 * every count ≥ the visitor count, `total` = human + ai, site totals = sums of the rows.
 *
 * Ranges: a request's [dateFrom, dateTo) that overlaps the data window [from, to) gets the whole data
 * set (counts do not depend on the width of the range); one that does not gets `[]`, totals 0, hasMore
 * false. Without dates the range is the 30 days before `today` ([today − 30 d, today)); with only
 * dateFrom it ends at `today`; with only dateTo it starts 30 days before it (an empty range from such a
 * default is an empty answer, not a 400).
 */
export interface FakeAnalytics {
  /**
   * Replaces the data set: `paths` rows (default 1200), `seed` (default 1) varies the counts, data from
   * `from` (default '2026-01-01') up to `to` (exclusive, default '2027-01-01'). Pending and active
   * shiftData()/changeTotals() events are kept. Throws on invalid options.
   */
  setData(options: { paths?: number; seed?: number; from?: string; to?: string }): void
  /** "Today" of the simulated API, YYYY-MM-DD, for the default range. Default '2026-06-15'. */
  today: string
  /** Delay in ms before answering each request to the built-in analytics endpoints (default 0). */
  latencyMs: number
  /**
   * Hourly quota shared by both endpoints (default 100). Every request that passes the auth and project
   * checks counts, 400s included (requests that a fault answers without processing do not). Past it:
   * 429 `{"error":"Rate limit exceeded"}` with `Retry-After`: the first refused request starts a countdown
   * of `quotaRetryAfterSeconds` (default 3600) to the end of the window, and later 429s give the seconds
   * left; once it is over, `used` drops to 0.
   */
  quota: number
  quotaRetryAfterSeconds: number
  /** Requests counted against the quota in the current window (settable, e.g. to start near the limit). */
  used: number
  /** Requests answered with data (200) so far, the clock of shiftData() and changeTotals(). */
  readonly served: number
  /**
   * Once `afterRequests` more requests have been answered with data (counted from this call), `count`
   * (default 1) new paths ('/docs/new-page-<call>-001', …) rank above all others (both endpoints), as data
   * shifting under offset pagination does: the next page repeats the last `count` paths of the previous
   * one. The site totals do not change (use changeTotals()). Several shifts add up; the latest is on top.
   */
  shiftData(options: { afterRequests: number; count?: number }): void
  /**
   * Once `afterRequests` more requests have been answered with data (counted from this call), the site
   * totals of both endpoints grow by one (human + 1, total + 1); rows do not change. Calls add up.
   */
  changeTotals(options: { afterRequests: number }): void
  /** All rows as the endpoint would rank them now (no request is made or counted). */
  rows(kind: AnalyticsKind): AnalyticsRow[]
  /** The site totals the endpoint would answer now for a range with data. */
  totals(kind: AnalyticsKind): AnalyticsTotals
  /**
   * The reader endpoints (feedback, feedback/by-page, searches, assistant, assistant/caller-stats) answer
   * from events generated per day of the data window, so their counts follow the requested range. Same
   * auth, quota, date rules and 400 shape as visitors/views; limits as documented (feedback, by-page,
   * searches 1–100; assistant 1–1000); a cursor the endpoint did not issue is a 400.
   */
  readerVolume: ReaderVolume
  /** Every day: `perDay` thumbs-down contextual feedback on `path` (pending, with comment and contact). */
  plantThumbsDown(path: string, perDay: number): void
  /** Every day: `perDay` searches for `term` that nobody clicks. */
  plantDeadSearch(term: string, perDay: number): void
  /** Every day: `perDay` unanswered assistant conversations in `category`, started on `pagePath`. */
  plantUnansweredCategory(category: string, perDay: number, pagePath?: string): void
  /**
   * Exactly `up` and `down` thumbs (source `thumbs_only`, no comment) on `path` between `from` and `to`
   * (YYYY-MM-DD, `to` exclusive), spread round-robin over those days: weeks in which a page's thumbs-down
   * share moves after a merge are two plants, one before and one after.
   */
  plantVotes(path: string, span: { from: string; to: string } & VotePlant): void
  /** Exactly `answered` and `unanswered` assistant questions between `from` and `to`, spread round-robin over those days. */
  plantQuestions(span: { from: string; to: string } & QuestionPlant): void
}
