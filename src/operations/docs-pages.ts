/**
 * The one mapping from a pull request's changed files to the pages Mintlify serves, for every operation
 * that needs it: the preview comment links the changed pages into the preview, the docs-health report's
 * track record compares readers' signals on them before and after a merge. Pure: the file list comes
 * from GitHub.
 */
import { InputError } from '../errors.js'
import { clip } from '../inputs.js'

/** A file of a pull request, as GitHub's "list pull request files" answers (the fields used here). */
export interface PullRequestFile {
  filename: string
  /** `added`, `modified`, `removed`, `renamed`, `copied`, `changed` or `unchanged`. */
  status: string
  /** The path before a rename or copy. */
  previousFilename?: string
}

export interface ChangedPage {
  /** The page's path on the site: `/`, `/guides`, `/guides/setup`. */
  path: string
  url: string
}

export interface ChangedPages {
  /** At most `limit` pages, in the pull request's file order. */
  pages: ChangedPage[]
  /** How many more changed pages there are. */
  more: number
}

/**
 * A page a pull request touched, by its path on the site before and after the change: a new page has no
 * path before, a removed one none after, a renamed one a different path on each side.
 */
export interface PageChange {
  before: string | null
  after: string | null
}

const PAGE_FILE = /\.mdx?$/i

/**
 * The docs folder as a path prefix relative to the repository root: `''` for the root (`.`, `./`, `/`),
 * `docs/` for `docs`, `./docs/` or `/docs`; empty and `.` parts are dropped. Null for a path with a `..`
 * part: no file of the repository is there.
 */
export function docsFolder(docsPath: string): string | null {
  const parts = docsPath
    .trim()
    .split('/')
    .filter((part) => part !== '' && part !== '.')
  return parts.includes('..') ? null : parts.map((part) => `${part}/`).join('')
}

/** `docs-path` as the folder prefix the pages are under; a path that leaves the repository is bad input. */
export function readDocsPath(raw: string): string {
  const folder = docsFolder(raw.trim() || '.')
  if (folder === null)
    throw new InputError(
      'docs-path',
      `Input 'docs-path' is '${clip(raw.trim())}', which leaves the repository: give the folder that holds docs.json, relative to the repository root (., docs).`
    )
  return folder
}

/**
 * The pages under the docs folder `folder` (as `docsFolder` gives it) that the files touch, in file order,
 * each once. What each file's status says: a renamed file is its page under its old path before and its
 * new path after; a copied one is a new page (the original stays); `changed` (its mode) and `modified`
 * keep their page; `unchanged` touches nothing. Left out: files that are not `.md`/`.mdx`, files in the
 * docs folder's `snippets/` (Mintlify never renders them as pages) and in hidden folders such as
 * `.github/` (templates, not docs).
 */
export function pageChanges(files: readonly PullRequestFile[], folder: string): PageChange[] {
  const seen = new Set<string>()
  const changes: PageChange[] = []
  for (const file of files) {
    const change = pageChangeOf(file, folder)
    const key = `${change.before ?? ''}\n${change.after ?? ''}`
    if ((change.before === null && change.after === null) || seen.has(key)) continue
    seen.add(key)
    changes.push(change)
  }
  return changes
}

function pageChangeOf(file: PullRequestFile, folder: string): PageChange {
  const page = pagePathOf(file.filename, folder)
  switch (file.status) {
    case 'added':
    case 'copied':
      return { before: null, after: page }
    case 'removed':
      return { before: page, after: null }
    case 'renamed':
      return { before: file.previousFilename === undefined ? null : pagePathOf(file.previousFilename, folder), after: page }
    case 'modified':
    case 'changed':
      return { before: page, after: page }
    default:
      return { before: null, after: null }
  }
}

/**
 * The pages under `docsPath` whose `.md`/`.mdx` file the pull request adds or modifies (renames and copies
 * included: a page at its new name), linked into the preview at `previewUrl` (an absolute URL, as
 * `parsePreviewTrigger` gives it). A removed page has nothing to link. A page reached through two files
 * (`a.md` and `a.mdx`) is listed once.
 */
export function changedPages(files: readonly PullRequestFile[], docsPath: string, previewUrl: string, limit = 10): ChangedPages {
  const folder = docsFolder(docsPath)
  const paths = new Set<string>()
  if (folder !== null) for (const change of pageChanges(files, folder)) if (change.after !== null) paths.add(change.after)
  const shown = [...paths].slice(0, Math.max(0, limit))
  return { pages: shown.map((path) => ({ path, url: pageUrl(previewUrl, path) })), more: paths.size - shown.length }
}

/** `guides/setup.mdx` → `/guides/setup`; `index` stands for its folder. Null for a file that is not a page. */
function pagePathOf(filename: string, folder: string): string | null {
  if (!filename.startsWith(folder) || !PAGE_FILE.test(filename)) return null
  const parts = filename.slice(folder.length).split('/')
  if ((parts[0] === 'snippets' && parts.length > 1) || parts.some((part) => part.startsWith('.'))) return null
  const name = (parts.pop() ?? '').replace(PAGE_FILE, '')
  if (name !== 'index') parts.push(name)
  return `/${parts.join('/')}`
}

/**
 * The page's address in the preview: each path part percent-encoded, so a file name with `?`, `#` or a
 * space cannot end the path early, and joined to the preview's own path.
 */
function pageUrl(previewUrl: string, path: string): string {
  const url = new URL(previewUrl)
  const encoded = path
    .split('/')
    .map((part) => encodeURIComponent(part))
    .join('/')
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${encoded}`
  return url.href
}
