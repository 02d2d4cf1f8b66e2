/**
 * No import circles, type-only imports included (STYLE.md): the lint rule `local/no-import-circle` of
 * eslint.config.js, run by ESLint over small trees of files on disk.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { ESLint, type Rule } from 'eslint'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import tseslint from 'typescript-eslint'
import { tempDir } from '../fixtures/temp-dir.js'

// A plain JavaScript module beside eslint.config.js, which the TypeScript project does not type.
const RULE_MODULE = '../../eslint-rules/no-import-circle.js'
const { noImportCircle } = (await import(RULE_MODULE)) as { noImportCircle: Rule.RuleModule }

let dir: ReturnType<typeof tempDir>
beforeEach(() => {
  dir = tempDir('import-circles-')
})
afterEach(() => {
  dir.remove()
})

/** Writes `files` (path: text) under the temporary folder, lints them all, and gives each circle reported as `file:line message`. */
async function circles(files: Record<string, string>): Promise<string[]> {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir.path, file)), { recursive: true })
    writeFileSync(join(dir.path, file), text)
  }
  const eslint = new ESLint({
    cwd: dir.path,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { local: { rules: { 'no-import-circle': noImportCircle } } },
        rules: { 'local/no-import-circle': 'error' }
      }
    ]
  })
  const results = await eslint.lintFiles(['**/*.ts'])
  return results.flatMap((result) =>
    result.messages.map((message) => `${result.filePath.slice(dir.path.length + 1)}:${message.line} ${message.message}`)
  )
}

describe('local/no-import-circle', () => {
  it.each<[string, string]>([
    ['a value import', "import { b } from './b.js'\nexport const a = b"],
    ['an import type', "import type { B } from './b.js'\nexport type A = B"],
    ['an inline type import', "import { type B } from './b.js'\nexport type A = B"],
    ['an export-from', "export { b } from './b.js'"],
    ['an export type-from', "export type { B } from './b.js'"],
    ['an export-all', "export * from './b.js'"],
    ['an import() type', "export type A = import('./b.js').B"],
    ['a dynamic import', "export const a = () => import('./b.js')"]
  ])('reports both ends of a circle closed by %s', async (_, aText) => {
    const found = await circles({
      'a.ts': aText,
      'b.ts': "import type { A } from './a.js'\nexport type B = string\nexport const b = 1\nexport type Both = A"
    })
    expect(found).toEqual([
      'a.ts:1 Import circle: a.ts -> b.ts -> a.ts. Move what both files need into a file below both.',
      'b.ts:1 Import circle: b.ts -> a.ts -> b.ts. Move what both files need into a file below both.'
    ])
  })

  it('names every file of a longer circle, through folders and index files', async () => {
    const found = await circles({
      'a.ts': "import { b } from './b/index.js'\nexport const a = b",
      'b/index.ts': "import { c } from '../c.js'\nexport const b = c",
      'c.ts': "import type { A } from './a.js'\nexport const c = 1\nexport type C = A"
    })
    expect(found).toContain('a.ts:1 Import circle: a.ts -> b/index.ts -> c.ts -> a.ts. Move what both files need into a file below both.')
    expect(found).toHaveLength(3)
  })

  it('reports nothing where what both need lives below both', async () => {
    const found = await circles({
      'types.ts': 'export type Shared = string',
      'a.ts': "import type { Shared } from './types.js'\nimport { b } from './b.js'\nexport const a: Shared = b",
      'b.ts': "import type { Shared } from './types.js'\nexport const b: Shared = 'b'",
      'self.ts': "export type Self = import('./self.js').Other\nexport type Other = string",
      'outside.ts':
        "import { readFileSync } from 'node:fs'\nimport { nothing } from './missing.js'\nexport const x = [readFileSync, nothing]"
    })
    expect(found).toEqual([])
  })
})
