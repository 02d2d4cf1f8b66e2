import { type Answer, needList, readAnswer } from './answers.js'

/**
 * Every paginated read of GitHub, in one place. Octokit's own `paginate.iterator` follows GitHub's `Link`
 * header; `readPages` stops it at the first of: an empty page, a page already read (the `next` link names
 * a URL read before), the read's page cap (and its item cap). Whatever the server's `Link` says, a read
 * costs at most its cap: a `next` that never advances is read twice, not until the job is killed.
 */

/** One page as octokit's iterator yields it. */
export interface ListPage extends Answer {
  headers: { link?: string | undefined }
}

/** How far a read goes: at most `pages` pages, at most `items` items; `until`: stop after the page holding one. */
export interface PageCap<T> {
  pages: number
  items?: number
  until?: (item: T) => boolean
}

/** What a read got, oldest first as GitHub lists it. `cut`: GitHub named more that was not read. */
export type Bounded<T> = T[] & { cut: boolean }

/** The type of a page's items. */
type ItemOf<P> = P extends { data: readonly (infer I)[] } ? I : never

/** The items of `pages` read with `read`, within `cap` (see above). */
export async function readPages<P extends ListPage, T>(
  pages: AsyncIterable<P>,
  cap: PageCap<T>,
  read: (item: ItemOf<P>) => T
): Promise<Bounded<T>> {
  const items: T[] = []
  const seen = new Set<string>()
  let count = 0
  let cut = false
  for await (const page of pages) {
    count++
    if (page.url) seen.add(pageKey(page.url))
    const list = readAnswer(page, (data) => needList(data, 'the list').map((item) => read(item as ItemOf<P>)))
    if (list.length === 0) break
    items.push(...list)
    const next = nextLink(page.headers.link)
    if (cap.items !== undefined && items.length >= cap.items) {
      cut = items.length > cap.items || next !== null
      items.length = cap.items
      break
    }
    if (next === null || (cap.until !== undefined && list.some(cap.until))) break
    if (count >= cap.pages || seen.has(pageKey(next))) {
      cut = true
      break
    }
    seen.add(pageKey(next))
  }
  return bounded(items, cut)
}

/** `items` with `cut` said, as a property that comparisons and copies of the list leave out. */
export function bounded<T>(items: T[], cut: boolean): Bounded<T> {
  return Object.defineProperty(items, 'cut', { value: cut, enumerable: false }) as Bounded<T>
}

/** The `rel="next"` URL of GitHub's `Link` header, or null (the last page). */
export function nextLink(link: string | undefined): string | null {
  return /<([^<>]+)>;\s*rel="next"/.exec(link ?? '')?.[1] ?? null
}

/**
 * A page's URL with its query in a fixed order and its page number said (none is page 1), so that one page
 * is known again however its link spells it.
 */
function pageKey(url: string): string {
  try {
    const parsed = new URL(url)
    if (!parsed.searchParams.has('page')) parsed.searchParams.set('page', '1')
    parsed.searchParams.sort()
    return `${parsed.pathname}?${parsed.searchParams.toString()}`
  } catch {
    return url
  }
}
