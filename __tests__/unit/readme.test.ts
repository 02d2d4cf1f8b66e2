/**
 * The README and the pages of docs/ cannot drift: the reference's inputs and outputs tables are what
 * `npm run docs` generates from action.yml, and the development page names every command and test folder
 * it should, and only paths that exist.
 */
import { describe, expect, it } from '@jest/globals'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { inputsTable, markdownTable, outputsTable, renderTables, TABLES_PAGE } from '../../scripts/readme-tables.js'
import { PROJECT_ROOT } from '../../scripts/run-action.js'
import { readPage } from '../e2e/readme-helpers.js'

const actionYml = readFileSync(join(PROJECT_ROOT, 'action.yml'), 'utf8')

describe('the reference page', () => {
  it('holds the inputs and outputs tables generated from action.yml (run npm run docs after changing action.yml)', () => {
    const reference = readPage(TABLES_PAGE)
    expect(reference).toBe(renderTables(reference, actionYml))
  })
})

describe('the development page', () => {
  const page = readPage('docs/development.md')

  it('names every npm script of package.json', () => {
    const scripts = Object.keys((JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: object }).scripts)
    // `npm test`, `npm run demo`: a name counts only whole (`npm run format` is not `npm run format:check`).
    const named = (script: string): boolean =>
      new RegExp(`npm ${script === 'test' ? '' : 'run '}${script.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w:-])`).test(page)
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.filter((script) => !named(script))).toEqual([])
  })

  it('names every folder at the top of __tests__', () => {
    const folders = readdirSync(join(PROJECT_ROOT, '__tests__'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `\`__tests__/${entry.name}/\``)
    expect(folders.length).toBeGreaterThan(0)
    expect(folders.filter((folder) => !page.includes(folder))).toEqual([])
  })

  it('names only files and folders that exist', () => {
    const paths = [...page.matchAll(/`((?:__tests__|scripts|simulator|src|dist)\/[^`\s]*)`/g)].map((match) => match[1] ?? '')
    expect(paths.length).toBeGreaterThan(0)
    expect(paths.filter((path) => !existsSync(join(PROJECT_ROOT, path)))).toEqual([])
  })
})

const ACTION = `
inputs:
  api-key:
    description: The key.
    required: true
  timeout:
    description: |
      Longest wait,
      in minutes | hours.
    default: 30m
  label:
    description: Starts a job.
    default: ''
outputs:
  outcome:
    description: One word, e.g. https://<host>/pull/<n>.
`

describe('the generated tables', () => {
  it('show required inputs as required, defaults as code, and no default as an empty cell', () => {
    expect(inputsTable(ACTION).split('\n')).toEqual([
      '| input     | required / default | description                        |',
      '| --------- | ------------------ | ---------------------------------- |',
      '| `api-key` | required           | The key.                           |',
      '| `timeout` | `30m`              | Longest wait, in minutes \\| hours. |',
      '| `label`   |                    | Starts a job.                      |'
    ])
  })

  it('escape what would break a cell or read as HTML', () => {
    expect(outputsTable(ACTION).split('\n')[2]).toBe('| `outcome` | One word, e.g. https://\\<host>/pull/\\<n>. |')
  })

  it('pad columns to their widest cell, at least three dashes', () => {
    expect(markdownTable(['a', 'bb'], [['xyz', '']])).toBe('| a   | bb  |\n| --- | --- |\n| xyz |     |')
  })

  it('replace only what lies between the markers, and can be generated again without change', () => {
    const before = 'intro\n<!-- inputs:start -->\nold\n<!-- inputs:end -->\nmiddle\n<!-- outputs:start -->\n<!-- outputs:end -->\nend\n'
    const once = renderTables(before, ACTION)
    expect(once.startsWith('intro\n<!-- inputs:start -->\n\n| input ')).toBe(true)
    expect(once).not.toContain('old')
    expect(once).toContain('<!-- inputs:end -->\nmiddle\n<!-- outputs:start -->\n\n| output ')
    expect(once.endsWith('|\n\n<!-- outputs:end -->\nend\n')).toBe(true)
    expect(renderTables(once, ACTION)).toBe(once)
  })

  it('refuse a page without the markers', () => {
    expect(() => renderTables('no tables here', ACTION)).toThrow(
      'docs/reference.md needs the markers <!-- inputs:start --> and <!-- inputs:end -->'
    )
  })
})
