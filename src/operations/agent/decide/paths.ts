import picomatch from 'picomatch'

/**
 * `paths`: which changed files need documenting, judged as a workflow's `paths` filter judges them. The
 * globs apply in order; `!` before one excludes what it matches; the last glob that matches a file
 * decides, so a later glob overrides an earlier one. A file counts when that glob is not an exclusion.
 *
 * picomatch does the matching: `*` stays within one folder, `**` crosses folders (also inside a name,
 * as GitHub's `**.js` matches `src/js/app.js`), `?` is one character, `[a-z]` one of a set, and the
 * other characters stand for themselves. Two differences from GitHub remain, both where GitHub borrows
 * from regular expressions: there `?` means "the preceding character or not" (`*.jsx?` matches
 * `page.js`) and `+` "one or more of it"; here `?` is the glob's one character and `+` a plus sign.
 */

/** The compiled `paths` input. */
export interface PathsFilter {
  /** The globs as written (`!` included), for messages. */
  readonly globs: readonly string[]
  readonly rules: readonly PathRule[]
}

interface PathRule {
  exclude: boolean
  matches: (file: string) => boolean
}

export type CompiledPaths = { ok: true; filter: PathsFilter } | { ok: false; problem: PathsProblem }

/** Why a list of globs cannot work; `glob` is the one at fault ('' when it is the list as a whole). */
export interface PathsProblem {
  glob: string
  why: 'empty' | 'absolute' | 'not-a-glob' | 'only-exclusions'
  /** The glob library's own words, for `not-a-glob`. */
  detail: string
}

const OPTIONS: picomatch.PicomatchOptions = {
  // GitHub's filter matches dotfiles and dot folders (.github/workflows/ci.yml) like any other.
  dot: true,
  // Changed files are git paths, separated by `/` on every runner, Windows included.
  windows: false,
  // `!` is read here, for the whole glob and in order; GitHub's filter has no braces or extglobs either.
  nonegate: true,
  nobrace: true,
  noextglob: true,
  // A bracket left open is a typo: fail on it, and on a glob whose expression cannot compile, instead
  // of quietly matching nothing (picomatch's default).
  strictBrackets: true,
  debug: true
}

/** Compiles the globs, or says which one cannot work and why. */
export function compilePaths(globs: readonly string[]): CompiledPaths {
  const rules: PathRule[] = []
  for (const glob of globs) {
    const exclude = glob.startsWith('!')
    const pattern = exclude ? glob.slice(1) : glob
    if (pattern.trim() === '') return failure(glob, 'empty')
    // Changed files are relative to the repository root: `/docs/**` would match none of them.
    if (pattern.startsWith('/')) return failure(glob, 'absolute')
    try {
      rules.push({ exclude, matches: picomatch(plainCharacters(pattern), OPTIONS) })
    } catch (error) {
      return failure(glob, 'not-a-glob', libraryWords(error))
    }
  }
  if (rules.length > 0 && rules.every((rule) => rule.exclude)) return failure('', 'only-exclusions')
  return { ok: true, filter: { globs: [...globs], rules } }
}

/**
 * Characters that picomatch gives a meaning GitHub's filter does not, escaped so they stand for
 * themselves: it reads `(…)` as a regular expression's group and `|` as its alternative even with
 * extglobs off (`app/(marketing)/**`, a Next.js route group, would match nothing; `x/a|b` would match
 * `b`), and `"…"` as quoting. Every escape the user wrote stays as it is.
 */
function plainCharacters(pattern: string): string {
  return pattern.replace(/\\[\s\S]|[()|"]/g, (part) => (part.length === 2 ? part : `\\${part}`))
}

/**
 * The glob library's reason, without the regular expression it built (which the user never wrote) and
 * without its advice on escaping, written for JavaScript strings (`"\\]"`), not for a workflow file.
 */
function libraryWords(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  if (message.startsWith('Invalid regular expression:')) return message.split(': ').at(-1) ?? message
  return message.split(' - use ')[0] ?? message
}

function failure(glob: string, why: PathsProblem['why'], detail = ''): CompiledPaths {
  return { ok: false, problem: { glob, why, detail } }
}

/** Whether a change to `file` needs documenting: the last glob that matches it is not an exclusion. */
export function isDocumented(file: string, filter: PathsFilter): boolean {
  return filter.rules.findLast((rule) => rule.matches(file))?.exclude === false
}

/** The changed files that need documenting, in their order. */
export function documentedFiles(files: readonly string[], filter: PathsFilter): string[] {
  return files.filter((file) => isDocumented(file, filter))
}

/** Whether any changed file needs documenting. */
export function anyDocumented(files: readonly string[], filter: PathsFilter): boolean {
  return files.some((file) => isDocumented(file, filter))
}
