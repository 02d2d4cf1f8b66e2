/**
 * What `npm run build` does to dist/ after ncc, so that it holds what the bundle needs and no more:
 * - ncc minifies the entry but not the chunks it splits off (the Octokit chunk, loaded only by runs that
 *   talk to GitHub): each chunk is minified with the options ncc gives the entry (names of functions and
 *   classes kept, nothing rewritten but whitespace and local names).
 * - Every file is written in ASCII alone, other characters as `\u` escapes: Node reads a module's source
 *   as one byte a character when it can, which decodes and compiles faster than the two bytes a character
 *   that one `…` in a message costs the whole entry.
 * - @stdlib (the distributions of the track record's statistics) puts its Apache-2.0 header, with the
 *   attributions of the code it ports, at the top of each of its small files; kept by the minifier, they
 *   are most of its size in the bundle. Each header is replaced by nothing, and every distinct @stdlib
 *   LICENSE (which carries those attributions) and its NOTICE is added once to licenses.txt, naming the
 *   packages it covers.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { minify } from 'terser'

/** The file ncc minifies itself. */
const ENTRY = 'index.js'

/** Minifies the chunks of dist/ as ncc minifies its entry; returns the characters saved. */
export async function minifyChunks(root: string): Promise<number> {
  const dist = join(root, 'dist')
  let saved = 0
  for (const name of readdirSync(dist).filter((file) => file.endsWith('.js') && file !== ENTRY)) {
    const path = join(dist, name)
    const code = readFileSync(path, 'utf8')
    const result = await minify(code, {
      module: true,
      compress: false,
      mangle: { keep_classnames: true, keep_fnames: true },
      format: ASCII
    })
    if (result.code === undefined || (result.code.length >= code.length && isAscii(code))) continue
    writeFileSync(path, result.code)
    saved += code.length - result.code.length
  }
  return saved
}

/** Terser's output in ASCII alone: strings, templates and regular expressions escape other characters. */
const ASCII = { ascii_only: true } as const

function isAscii(code: string): boolean {
  return !/[^\t\n\r\x20-\x7e]/.test(code)
}

/** Writes ncc's entry again in ASCII alone (printed as it is, nothing renamed); returns whether it changed. */
export async function entryInAscii(root: string): Promise<boolean> {
  const path = join(root, 'dist', ENTRY)
  const code = readFileSync(path, 'utf8')
  if (isAscii(code)) return false
  const result = await minify(code, { module: true, compress: false, mangle: false, format: ASCII })
  if (result.code === undefined) throw new Error(`terser printed nothing for dist/${ENTRY}`)
  writeFileSync(path, result.code)
  return true
}

/** A @stdlib file's header: a block comment whose first line is its licence tag. */
const STDLIB_HEADER = /\/\*\*\s*\*\s*@license Apache-2\.0\s*\*\s*\*\s*Copyright \(c\) \d{4} The Stdlib Authors\.[\s\S]*?\*\//g

/** Moves the @stdlib licence headers of dist/*.js into dist/licenses.txt; returns the characters taken out of the JavaScript. */
export function moveStdlibLicences(root: string): number {
  const dist = join(root, 'dist')
  let removed = 0
  for (const name of readdirSync(dist).filter((file) => file.endsWith('.js'))) {
    const path = join(dist, name)
    const code = readFileSync(path, 'utf8')
    const stripped = code.replace(STDLIB_HEADER, '')
    removed += code.length - stripped.length
    if (stripped !== code) writeFileSync(path, stripped)
  }
  if (removed > 0)
    writeFileSync(join(dist, 'licenses.txt'), `${readFileSync(join(dist, 'licenses.txt'), 'utf8').trimEnd()}\n\n${stdlibLicences(root)}`)
  return removed
}

/** Every distinct LICENSE of the installed @stdlib packages, each after the names of the packages it covers, then their NOTICE. */
function stdlibLicences(root: string): string {
  const folder = join(root, 'node_modules', '@stdlib')
  const byText = new Map<string, string[]>()
  const notices = new Set<string>()
  for (const name of readdirSync(folder).sort()) {
    const licence = join(folder, name, 'LICENSE')
    if (!existsSync(licence)) continue
    const text = readFileSync(licence, 'utf8').trim()
    byText.set(text, [...(byText.get(text) ?? []), `@stdlib/${name}`])
    const notice = join(folder, name, 'NOTICE')
    if (existsSync(notice)) notices.add(readFileSync(notice, 'utf8').trim())
  }
  const sections = [...byText.entries()].map(([text, names]) => `${names.join('\n')}\nApache-2.0\n${text}`)
  return `${[...sections, ...notices].join('\n\n')}\n`
}
