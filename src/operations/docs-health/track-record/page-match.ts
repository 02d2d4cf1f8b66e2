/**
 * How analytics name a page, matched to the page paths of the agent's pull requests, pure. A URL
 * (`pageUrl`, `sources[].url`) matches a page when its path, with query, fragment, trailing slash,
 * `.md`/`.mdx` and `/index` dropped, ends with the page path at a `/` boundary (a site may be served under
 * a path of its own), the longest page path winning; a feedback row's `path`, normalised the same way,
 * matches a page when equal.
 */

/** The path of a URL or of a path, normalised: `/guides/setup` for `https://x.dev/docs/guides/setup/index.mdx?a#b`. */
export function normalisePagePath(pathOrUrl: string): string {
  let path = pathOrUrl.trim()
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname
    } catch {
      // Not a URL after all: its text is the best name of the page there is.
    }
  }
  path = path.replace(/[?#].*$/s, '')
  try {
    path = decodeURIComponent(path)
  } catch {
    // A stray `%`: the text as it is.
  }
  path = path
    .replace(/\/+$/, '')
    .replace(/\.mdx?$/i, '')
    .replace(/\/index$/i, '')
  return path.startsWith('/') ? path || '/' : `/${path}`
}

/** A matcher of URLs against `pages` (page paths): the longest page whose path the URL's path ends with, or null. */
export function urlMatcher(pages: Iterable<string>): (url: string | null | undefined) => string | null {
  const longestFirst = [...new Set(pages)].sort((a, b) => b.length - a.length)
  return (url) => {
    if (!url) return null
    const path = normalisePagePath(url)
    // A page path starts with `/`, so a path ending with it ends with it at a `/` boundary; the root is only `/` itself.
    return longestFirst.find((page) => path === page || (page !== '/' && path.endsWith(page))) ?? null
  }
}
