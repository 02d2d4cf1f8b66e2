/**
 * Whether dist/ is the bundle of the src/ that is checked out. `npm run build` records a digest of src/
 * (every file's path and content) in dist/; the check compares digests, not modification times, because
 * in a fresh clone every file's mtime is the checkout time: dist/ can look older than src/ when it is
 * current, or newer when it is not.
 *
 * Also the end-to-end tests' Jest globalSetup (the default export). Jest loads that file without the
 * tests' module mapping, so this module imports nothing of the project's own.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/** Written by `npm run build` next to the bundle: the digest of the src/ it was built from. */
export const SOURCE_DIGEST_FILE = join('dist', 'src-digest.txt')

/** SHA-256 over the sorted relative paths and contents of every file under `dir`. */
export function sourceDigest(dir: string): string {
  const hash = createHash('sha256')
  for (const path of filesUnder(dir).sort()) {
    hash.update(`${relative(dir, path).split('\\').join('/')}\0`)
    hash.update(readFileSync(path))
    hash.update('\0')
  }
  return hash.digest('hex')
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(path) : [path]
  })
}

export function recordSourceDigest(root: string): void {
  writeFileSync(join(root, SOURCE_DIGEST_FILE), `${sourceDigest(join(root, 'src'))}\n`)
}

/** True when dist/ was built from src/ as it is now; false when it is missing, unstamped or stale. */
export function distMatchesSource(root: string): boolean {
  let recorded: string
  try {
    recorded = readFileSync(join(root, SOURCE_DIGEST_FILE), 'utf8').trim()
  } catch {
    return false
  }
  return recorded === sourceDigest(join(root, 'src'))
}

/** Builds dist/ (npm run build) unless it already is the bundle of src/; throws when that fails. */
export function buildIfStale(root: string, log: (message: string) => void): void {
  if (distMatchesSource(root)) return
  log('dist/ is missing or older than src/: building it first (npm run build).')
  const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0 || !distMatchesSource(root))
    throw new Error('dist/ is older than src/ and npm run build failed: run npm run build')
}

/** Jest globalSetup of the end-to-end project: they run dist/index.js, so it must be the bundle of src/. */
export default function ensureCurrentBundle(_globalConfig: unknown, project: { rootDir: string }): void {
  buildIfStale(project.rootDir, (message) => process.stderr.write(`\n${message}\n`))
}
