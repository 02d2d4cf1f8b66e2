/**
 * The inputs and outputs tables of the reference page, generated from action.yml so the two cannot drift
 * apart. `npm run docs` writes them between marker comments; a unit test fails when the page differs.
 */
import { parse } from 'yaml'

interface ActionSpec {
  inputs?: Record<
    string,
    { description?: string; required?: boolean; default?: string | number | boolean; deprecationMessage?: string } | null
  >
  outputs?: Record<string, { description?: string } | null>
}

/** The page that holds the tables, relative to the project root: the README links to it. */
export const TABLES_PAGE = 'docs/reference.md'

/** The part of the page each table replaces, between `<!-- <name>:start -->` and `<!-- <name>:end -->`. */
export type TableName = 'inputs' | 'outputs'

/** A Markdown table with columns padded as Prettier pads them, so `format:check` accepts the result. */
export function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(3, title.length, ...rows.map((row) => (row[column] ?? '').length)))
  const line = (cells: string[]): string => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n')
}

/** A cell's text: a `|` would end the cell, a line break the row, and `<host>` would be taken for an HTML tag. */
function cell(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/[|<]/g, '\\$&')
}

const code = (text: string): string => `\`${text}\``

export function inputsTable(actionYml: string): string {
  const spec = parse(actionYml) as ActionSpec
  const rows = Object.entries(spec.inputs ?? {}).map(([name, input]) => {
    const fallback = input?.default === undefined || input.default === '' ? '' : code(String(input.default))
    const description = input?.deprecationMessage ? `Deprecated: ${input.deprecationMessage}` : (input?.description ?? '')
    return [code(name), input?.required ? 'required' : fallback, cell(description)]
  })
  return markdownTable(['input', 'required / default', 'description'], rows)
}

export function outputsTable(actionYml: string): string {
  const spec = parse(actionYml) as ActionSpec
  const rows = Object.entries(spec.outputs ?? {}).map(([name, output]) => [code(name), cell(output?.description ?? '')])
  return markdownTable(['output', 'description'], rows)
}

/** The page (`TABLES_PAGE`) with both tables regenerated from action.yml; throws when a marker pair is missing. */
export function renderTables(page: string, actionYml: string): string {
  const tables: Record<TableName, string> = { inputs: inputsTable(actionYml), outputs: outputsTable(actionYml) }
  return Object.entries(tables).reduce((text, [name, table]) => {
    const start = `<!-- ${name}:start -->`
    const end = `<!-- ${name}:end -->`
    const from = text.indexOf(start)
    const to = text.indexOf(end)
    if (from < 0 || to < from) throw new Error(`${TABLES_PAGE} needs the markers ${start} and ${end}, in that order`)
    return `${text.slice(0, from + start.length)}\n\n${table}\n\n${text.slice(to)}`
  }, page)
}
