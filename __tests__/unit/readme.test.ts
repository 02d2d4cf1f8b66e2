/**
 * The README cannot drift: its inputs and outputs tables are what `npm run docs` generates from action.yml,
 * and its development map names every folder and top-level module of src/.
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { inputsTable, markdownTable, outputsTable, renderReadme } from '../../scripts/readme-tables.js'
import { PROJECT_ROOT } from '../../scripts/run-action.js'

const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8')
const actionYml = readFileSync(join(PROJECT_ROOT, 'action.yml'), 'utf8')

describe('the README', () => {
  it('holds the inputs and outputs tables generated from action.yml (run npm run docs after changing action.yml)', () => {
    expect(readme).toBe(renderReadme(readme, actionYml))
  })

  it('names every folder and top-level module of src/ in its development map', () => {
    const map = readme.slice(readme.indexOf('## Development'))
    const entries = readdirSync(join(PROJECT_ROOT, 'src'), { withFileTypes: true })
    const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => `\`src/${entry.name}/\``)
    // A module counts as named as `main.ts` or as `src/main.ts`.
    const modules = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.ts')).map((entry) => `${entry.name}\``)
    expect(folders.length).toBeGreaterThan(0)
    expect(modules.length).toBeGreaterThan(0)
    expect([...folders, ...modules].filter((name) => !map.includes(name))).toEqual([])
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
    const once = renderReadme(before, ACTION)
    expect(once.startsWith('intro\n<!-- inputs:start -->\n\n| input ')).toBe(true)
    expect(once).not.toContain('old')
    expect(once).toContain('<!-- inputs:end -->\nmiddle\n<!-- outputs:start -->\n\n| output ')
    expect(once.endsWith('|\n\n<!-- outputs:end -->\nend\n')).toBe(true)
    expect(renderReadme(once, ACTION)).toBe(once)
  })

  it('refuse a README without the markers', () => {
    expect(() => renderReadme('no tables here', ACTION)).toThrow(
      'README.md needs the markers <!-- inputs:start --> and <!-- inputs:end -->'
    )
  })
})
