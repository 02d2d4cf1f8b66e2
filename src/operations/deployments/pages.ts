/**
 * The docs pages a pull request changes, as links into its preview. Pure: the file list comes from GitHub.
 */

/** A file of a pull request, as GitHub's "list pull request files" answers (the fields used here). */
export interface PullRequestFile {
  filename: string
  /** `added`, `modified`, `removed`, `renamed`, `copied`, `changed` or `unchanged`. */
  status: string
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
 * What a file's status says about its page. A renamed or copied file is a page at its new name; `changed`
 * (its mode) still serves the page from this branch. A removed file has no page to link.
 */
const PAGE_STATUSES = new Set(['added', 'modified', 'renamed', 'copied', 'changed'])

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

/**
 * The pages under `docsPath` whose `.md`/`.mdx` file the pull request adds or modifies, linked into the
 * preview at `previewUrl` (an absolute URL, as `parsePreviewTrigger` gives it). Left out: files in the docs
 * folder's `snippets/` (Mintlify never renders them as pages) and in hidden folders such as `.github/`
 * (templates, not docs). A page reached through two files (`a.md` and `a.mdx`) is listed once.
 */
export function changedPages(files: readonly PullRequestFile[], docsPath: string, previewUrl: string, limit = 10): ChangedPages {
  const folder = docsFolder(docsPath)
  const paths = new Set<string>()
  for (const file of files) {
    const path = folder !== null && PAGE_STATUSES.has(file.status) ? pagePath(file.filename, folder) : null
    if (path !== null) paths.add(path)
  }
  const shown = [...paths].slice(0, Math.max(0, limit))
  return { pages: shown.map((path) => ({ path, url: pageUrl(previewUrl, path) })), more: paths.size - shown.length }
}

/** `guides/setup.mdx` → `/guides/setup`; `index` stands for its folder. Null for a file that is not a page. */
function pagePath(filename: string, folder: string): string | null {
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
