/**
 * Markdown for comments and summaries that holds untrusted text: prompts, PR titles, server messages.
 * Such text must not ping (@user, @org/team), inject HTML, make links, or forge the hidden markers the
 * action finds its own comments by. Pure string functions.
 */

import type { StepResult, Verdict } from './verdict.js'

const ZERO_WIDTH_SPACE = '\u200B'

/** Untrusted text as inert inline markdown: HTML escaped, markdown syntax escaped, mentions, references and autolinks broken. */
export function escapeText(text: string): string {
  return breakAutolinks(breakMentions(escapeSyntax(text)))
}

/** HTML and markdown syntax escaped: nothing renders but the characters. */
function escapeSyntax(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      // Backslash escapes stop emphasis, code, links (no `[`, no link) and table cells.
      .replace(/[\\`*_[\]|~]/g, '\\$&')
      // Headings, lists and setext underlines only start a line.
      .replace(/^(\s*)([#+\-=])/gm, '$1\\$2')
      .replace(/^(\s*\d+)([.)])/gm, '$1\\$2')
  )
}

/**
 * One line of untrusted text whose http(s) URLs become explicit links and whose rest is escaped: a URL
 * passed through `escapeInline` would carry backslashes that can cut GitHub's link detection short. A link
 * is the server's own path to a URL meant to be followed (its label keeps the URL as written); everywhere
 * else an autolink is broken.
 */
export function escapeWithLinks(text: string): string {
  return text
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .trim()
    .split(/(https?:\/\/[^\s<>()]*[^\s<>().,;:!?'"])/)
    .map((part, i) => (i % 2 === 1 ? linkWithLabel(breakMentions(escapeSyntax(part)), part) : escapeText(part)))
    .join('')
}

/** Untrusted text inside an HTML element (such as `<summary>`), where markdown does not apply. */
export function escapeHtml(text: string): string {
  return breakAutolinks(breakMentions(text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')))
}

/** Untrusted text for one table cell or one line: escaped, line breaks folded into spaces. */
export function escapeInline(text: string): string {
  return escapeText(text.replace(/\s*[\r\n]+\s*/g, ' ').trim())
}

/**
 * Untrusted multi-line text in a fenced code block. Inside a code block nothing renders or pings; the
 * fence is longer than any backtick run in the text, and `<!--` is broken so no marker can be forged.
 */
export function codeBlock(text: string, language = 'text'): string {
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length))
  const fence = '`'.repeat(Math.max(3, longestRun + 1))
  return `${fence}${language}\n${text.replace(/<!--/g, `<${ZERO_WIDTH_SPACE}!--`)}\n${fence}`
}

/** Untrusted text as a code span: rendered literally; backticks, line breaks and marker openings are removed. */
export function codeSpan(text: string): string {
  return `\`${text
    .replace(/[`\r\n]+/g, ' ')
    .replace(/<!--/g, `<${ZERO_WIDTH_SPACE}!--`)
    .trim()}\``
}

/** A code span inside a table cell: GitHub splits rows on every `|`, even in code, unless escaped. */
export function codeCell(text: string): string {
  return codeSpan(text).replace(/\|/g, '\\|')
}

/**
 * A link only to http(s) URLs; anything else is shown as escaped text. A label that is the link's own URL
 * (a server's link, shown as written) keeps its scheme whole; any other label is escaped as untrusted text,
 * its autolinks broken, so it reads as no second address.
 */
export function safeLink(label: string, url: string | null): string {
  const ownUrl = url !== null && label.trim() === url.trim()
  return linkWithLabel(ownUrl ? breakMentions(escapeSyntax(label.trim())) : escapeInline(label), url)
}

/** Like `safeLink`, for a label that is already markdown (built by the action, such as `#12`). */
export function linkWithLabel(label: string, url: string | null): string {
  if (!url) return label
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return escapeInline(url)
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return escapeInline(url)
  return `[${label}](${markdownHref(parsed)})`
}

/**
 * An image from an `https://` address (GitHub loads it through its image proxy); null for any other
 * address, so a server cannot point readers' browsers at plain http or at a `javascript:` or `data:` URL.
 */
export function httpsImage(alt: string, url: string): string | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  return parsed.protocol === 'https:' ? `![${escapeInline(alt)}](${markdownHref(parsed)})` : null
}

/**
 * A parsed URL as the target of a markdown link or image. The parser has percent-encoded spaces and
 * quotes; parentheses would end the target early, and a pipe would end a table cell.
 */
function markdownHref(url: URL): string {
  return url.href.replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/\|/g, '%7C')
}

/** Cuts text to `limit` characters, saying how much was left out. */
export function truncate(text: string, limit: number): string {
  if (text.length <= limit) return text
  return `${text.slice(0, limit)}\n… (${text.length - limit} more characters not shown)`
}

/** `@user` and `@org/team` would ping; `#123`, `owner/repo#123` and `GH-123` would link the other thread back here. */
function breakMentions(text: string): string {
  return (
    text
      .replace(/@(?=[A-Za-z0-9])/g, `@${ZERO_WIDTH_SPACE}`)
      .replace(/#(?=\d)/g, `#${ZERO_WIDTH_SPACE}`)
      // GitHub links `GH-12` (any case) to issue 12 as it links `#12`.
      .replace(/(GH-)(?=\d)/gi, `$1${ZERO_WIDTH_SPACE}`)
  )
}

/**
 * GitHub links a bare `https://…` (any `scheme://`) and `www.…` in comments and summaries: a zero-width space
 * after the colon and after `www` breaks the link, and the text still reads the same.
 */
function breakAutolinks(text: string): string {
  return text.replace(/:(?=\/\/)/g, `:${ZERO_WIDTH_SPACE}`).replace(/\b(www)(?=\.)/gi, `$1${ZERO_WIDTH_SPACE}`)
}

/** The mark a summary or comment heading starts with, by how the step ends. */
export const ICONS: Record<StepResult, string> = { success: '✅', notice: 'ℹ️', warning: '⚠️', failure: '❌' }

/** The heading of a job summary: the result's mark and the title, then the verdict's headline as a paragraph. */
export function summaryHeading(title: string, verdict: Verdict): string[] {
  return [`### ${ICONS[verdict.result]} ${title}`, '', escapeWithLinks(verdict.headline), '']
}

/** ` (dry run)` after the title of a dry run's summary. */
export function dryRunMark(verdict: Verdict): string {
  return verdict.outcome === 'dry-run' ? ' (dry run)' : ''
}

/** A row of a two-column facts table: a name and its markdown value; null leaves the row out. */
export type FactRow = [name: string, value: string | null]

/** A two-column facts table (no header text), then a blank line; rows without a value are left out. */
export function factsTable(rows: readonly FactRow[]): string[] {
  const shown = rows.filter((row): row is [string, string] => row[1] !== null)
  return ['| | |', '|---|---|', ...shown.map(([name, value]) => `| ${name} | ${value} |`), '']
}

/** A count with its noun, singular for exactly one: `plural(2, 'file')` is "2 files"; `format` writes the number. */
export function plural(count: number, one: string, many = `${one}s`, format: (count: number) => string = String): string {
  return `${format(count)} ${count === 1 ? one : many}`
}

/** A count as readers of a summary expect it: 12,345. */
export function count(value: number): string {
  return value.toLocaleString('en-US')
}

const BAR_WIDTH = 16

/** A bar of full and eighth blocks; any non-zero value shows at least a sliver. */
export function bar(value: number, max: number): string {
  if (value <= 0 || max <= 0) return ''
  const eighths = Math.max(1, Math.round((Math.min(value, max) / max) * BAR_WIDTH * 8))
  const partial = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'][eighths % 8]
  return `${'█'.repeat(Math.floor(eighths / 8))}${partial}`
}

/** GitHub refuses comment bodies over 65,536 characters; stay clear of it. */
export const COMMENT_LIMIT = 65_000

/** Cuts a comment that would pass GitHub's limit, saying so. */
export function fitComment(body: string): string {
  if (body.length <= COMMENT_LIMIT) return body
  return `${body.slice(0, COMMENT_LIMIT - 80)}\n\n… (cut to stay within GitHub's comment size limit)\n`
}
