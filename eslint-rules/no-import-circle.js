// A local ESLint rule: no import circle among the TypeScript files it lints, type-only imports included.
// A type import ties two files as much as a value does (a type two files need lives below both), and
// eslint-plugin-import-x's `no-cycle` skips every `import type` by design, so it cannot hold this line.
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/** Per file (absolute path): its modification time and the files its relative imports name. */
const importCache = new Map()

/** The `.ts` file a relative specifier names (`./a.js` is `./a.ts`, a folder its `index.ts`), or null. */
function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null
  const base = path.resolve(path.dirname(from), specifier).replace(/\.[cm]?js$/, '')
  return [`${base}.ts`, base, path.join(base, 'index.ts')].find((file) => file.endsWith('.ts') && existsSync(file)) ?? null
}

/** Every file `file` imports or re-exports from, as read from disk: imports, export-froms, `import()` and type imports alike. */
function importsOf(file) {
  const modified = statSync(file).mtimeMs
  const cached = importCache.get(file)
  if (cached?.modified === modified) return cached.imports
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
  const imports = [...new Set(importedFiles.map((imported) => resolveImport(file, imported.fileName)).filter(Boolean))]
  importCache.set(file, { modified, imports })
  return imports
}

/** The shortest way from `start` back to `target` along imports, as the files passed (start first), or null. */
function wayBack(start, target) {
  const cameFrom = new Map([[start, null]])
  const queue = [start]
  while (queue.length > 0) {
    const file = queue.shift()
    for (const next of importsOf(file)) {
      if (next === target) {
        const way = [file]
        for (let step = cameFrom.get(file); step !== null; step = cameFrom.get(step)) way.unshift(step)
        return way
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file)
        queue.push(next)
      }
    }
  }
  return null
}

export const noImportCircle = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow import circles between files, type-only imports included' },
    schema: [],
    messages: { circle: 'Import circle: {{circle}}. Move what both files need into a file below both.' }
  },
  create(context) {
    const file = context.physicalFilename
    const root = context.cwd
    const check = (node) => {
      const target = node.source && typeof node.source.value === 'string' ? resolveImport(file, node.source.value) : null
      if (target === null || target === file) return
      const way = wayBack(target, file)
      if (way === null) return
      const circle = [file, ...way, file].map((step) => path.relative(root, step)).join(' -> ')
      context.report({ node: node.source, messageId: 'circle', data: { circle } })
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      TSImportType: (node) => check({ source: node.argument.type === 'TSLiteralType' ? node.argument.literal : node.argument })
    }
  }
}

export default { rules: { 'no-import-circle': noImportCircle } }
