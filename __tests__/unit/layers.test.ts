/**
 * The pipeline's layers: inputs → settings → operation → report. Data flows one way, so the modules
 * below the operations (report/, github/, mintlify/, analytics/, health/, the verdicts) never import an
 * operation; only main.ts, which runs them from its table, and the operations themselves do.
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { PROJECT_ROOT } from '../../scripts/run-action.js'

const SRC = join(PROJECT_ROOT, 'src')

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(folder, entry.name)) : entry.name.endsWith('.ts') ? [join(folder, entry.name)] : []
  )
}

/** Every relative module a file imports (static and dynamic), resolved to a path under src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const specifiers = [...text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)].map((match) => match[1] ?? '')
  return specifiers.map((specifier) => relative(SRC, join(file, '..', specifier)))
}

describe('the layers of src/', () => {
  const files = sourceFiles(SRC).map((file) => ({ name: relative(SRC, file), imports: importsOf(file) }))

  it('finds the modules and their imports it checks', () => {
    expect(files.length).toBeGreaterThan(30)
    expect(files.find((file) => file.name === 'main.ts')?.imports).toContain('operations/operation.js')
  })

  it('lets nothing outside operations/ and main.ts import from operations/', () => {
    const upward = files
      .filter((file) => file.name !== 'main.ts' && !file.name.startsWith('operations/'))
      .flatMap((file) => file.imports.filter((target) => target.startsWith('operations/')).map((target) => `${file.name} → ${target}`))
    expect(upward).toEqual([])
  })

  it('keeps rendering free of GitHub and docs API calls', () => {
    const calls = files
      .filter((file) => file.name.startsWith('report/'))
      .flatMap((file) =>
        file.imports
          .filter((target) => target === 'github/api.js' || target === 'mintlify/client.js')
          .map((target) => `${file.name} → ${target}`)
      )
    expect(calls).toEqual([])
  })
})
