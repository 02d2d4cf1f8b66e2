/**
 * The pipeline's layers: inputs → settings → operation → report. Data flows one way, so the modules
 * below the operations (github/, mintlify/, markdown, settings, the shared verdict) never import an
 * operation; only main.ts, which runs them from the registry, and the operations themselves do. Each
 * operation family is a folder of its own: it imports another family only where it runs it.
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

/** The relative modules a file imports values from (an `import type`, or names all marked `type`, brings no code). */
function valueImportsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(/^import\s+(type\s+)?([^']*?)\s*from\s*'(\.{1,2}\/[^']+)'/gm)]
    .filter(([, typeOnly, names = '']) => !typeOnly && !allTypes(names))
    .map((match) => relative(SRC, join(file, '..', match[3] ?? '')))
}

/** Whether every name of `{ type A, type B }` is a type. */
function allTypes(names: string): boolean {
  const inner = /^\{([^}]*)\}$/.exec(names.trim())?.[1]
  if (inner === undefined) return false
  return inner
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .every((name) => name.startsWith('type '))
}

describe('the layers of src/', () => {
  const files = sourceFiles(SRC).map((file) => ({ name: relative(SRC, file), imports: importsOf(file) }))

  it('finds the modules and their imports it checks', () => {
    expect(files.length).toBeGreaterThan(30)
    expect(files.find((file) => file.name === 'main.ts')?.imports).toContain('operations/registry.js')
  })

  it('lets nothing outside operations/ and main.ts import from operations/', () => {
    const upward = files
      .filter((file) => file.name !== 'main.ts' && !file.name.startsWith('operations/'))
      .flatMap((file) => file.imports.filter((target) => target.startsWith('operations/')).map((target) => `${file.name} → ${target}`))
    expect(upward).toEqual([])
  })

  it('lets main.ts reach the operations only through the registry (and the deps they all take)', () => {
    const main = files.find((file) => file.name === 'main.ts')?.imports.filter((target) => target.startsWith('operations/'))
    expect(main).toEqual(['operations/operation.js', 'operations/registry.js'])
  })

  it('keeps each operation family to its folder: docs-health, fix-checks and translations run the agent, whose follow-up starts fix-checks afresh; the sweep reads the agent records', () => {
    const family = (name: string): string | null => /^operations\/([^/]+)\//.exec(name)?.[1] ?? null
    const crossings = files.flatMap((file) => {
      const own = family(file.name)
      return own === null
        ? []
        : file.imports
            .map(family)
            .filter((other): other is string => other !== null && other !== own)
            .map((other) => `${own} → ${other}`)
    })
    expect(new Set(files.map((file) => family(file.name)))).toEqual(
      new Set([
        null,
        'agent',
        'analytics',
        'docs-health',
        'deployments',
        'automation',
        'fix-checks',
        'gate',
        'static-export',
        'sweep',
        'translations'
      ])
    )
    // docs-health runs the agent for improve; fix-checks sends its rounds to the agent's job; a person's
    // follow-up on the agent's pull request writes a fresh rounds record of fix-checks; the sweep reads the
    // agent's introduction records and its closed-code-pull-request note; translations runs the agent for each language's job.
    expect([...new Set(crossings)].sort()).toEqual([
      'agent → fix-checks',
      'docs-health → agent',
      'fix-checks → agent',
      'sweep → agent',
      'translations → agent'
    ])
  })

  it('keeps rendering, verdicts, outputs, plans and inputs free of GitHub and docs API calls', () => {
    const pure = files.filter(
      (file) => file.name === 'markdown.ts' || /\/(summary|comments|preview-comment|verdicts|outputs|plan|inputs)\.ts$/.test(file.name)
    )
    const clients = ['github/api.js', 'github/status-thread.js', 'mintlify/client.js', 'mintlify/request.js']
    const calls = pure.flatMap((file) =>
      valueImportsOf(join(SRC, file.name))
        .filter((target) => clients.includes(target))
        .map((target) => `${file.name} → ${target}`)
    )
    expect(pure.length).toBeGreaterThan(20)
    expect(calls).toEqual([])
  })
})
