import type { Language, LanguageScope, NavigationPage } from './navigation.js'

/**
 * Which translated page stands for which source page, per scope and language. A language's folder is the
 * common first segment of its pages; the source's own folder is stripped only when every source page sits
 * under one named by its code or primary subtag (`en/` for `en-US`). A translated page pairs with the
 * source page of the same path under its folder, else with the source page at the same index path in the
 * tree (group names are translated, so names never pair); each pair says which rule made it. Pure.
 */

export type PairRule = 'path' | 'index path'

/** A source page and its translation as found: a pair to judge, a missing translation, or an orphan. */
export interface Pair {
  scope: string
  language: string
  /** The source page's file (repository-relative); null for an orphan. */
  source: string | null
  /** The translation's file; for a missing one, where it would be. */
  translation: string
  kind: 'paired' | 'missing' | 'orphan'
  /** How it was paired; null for an orphan, which nothing paired. */
  rule: PairRule | null
  /** A missing page: the source's index path, where it joins the language's navigation, and the file that holds it. */
  joins: { indexPath: string; file: string } | null
}

/** The scope's pairs and its source pages that no navigation names. */
export interface ScopePairs {
  pairs: Pair[]
  notInNavigation: string[]
}

/** The page files of the docs folder at HEAD: docs-relative path without the extension → repository-relative file. */
export type PageFiles = ReadonlyMap<string, string>

/** Page files: regular `.md`/`.mdx` files under the docs folder (`.md` beside `.mdx` is the same page, the `.mdx` kept). */
export function pageFilesOf(files: Iterable<string>, folder: string): Map<string, string> {
  const pages = new Map<string, string>()
  for (const file of files) {
    if (!file.startsWith(folder) || !/\.mdx?$/i.test(file)) continue
    const page = file.slice(folder.length).replace(/\.mdx?$/i, '')
    if (!pages.has(page) || file.toLowerCase().endsWith('.mdx')) pages.set(page, file)
  }
  return pages
}

interface Placed extends NavigationPage {
  file: string
  /** The page's path below its language's folder. */
  rel: string
}

/** What pairing reads: the page files at HEAD and the docs folder they sit in (`docs/`, or ''). */
export interface Tree {
  files: PageFiles
  docsFolder: string
}

export function pairScope(scope: LanguageScope, source: Language, judged: readonly Language[], tree: Tree): ScopePairs {
  const sourceFolder = ownFolder(source)
  const sourcePages = placed(source, sourceFolder, tree.files)
  const folders = judged.map((language) => folderOf(language) || `${language.code}/`).filter((folder) => folder !== sourceFolder)
  const pairs = judged.flatMap((language) => pairLanguage({ scope, language, sourcePages, tree }))
  const named = new Set(sourcePages.map((page) => page.file))
  const notInNavigation = [...tree.files.entries()]
    .filter(([page, file]) => !named.has(file) && page.startsWith(sourceFolder) && !folders.some((folder) => page.startsWith(folder)))
    .filter(([page]) => !/^(snippets\/|\.)|\/\./.test(page.slice(sourceFolder.length)))
    .map(([, file]) => file)
  return { pairs, notInNavigation: notInNavigation.sort() }
}

interface LanguageAt {
  scope: LanguageScope
  language: Language
  sourcePages: Placed[]
  tree: Tree
}

function pairLanguage({ scope, language, sourcePages, tree }: LanguageAt): Pair[] {
  const folder = folderOf(language) || `${language.code}/`
  const pair = (kind: Pair['kind'], rule: PairRule | null, sourceFile: string | null, translation: string): Pair => ({
    scope: scope.name,
    language: language.code,
    source: sourceFile,
    translation,
    kind,
    rule,
    joins: null
  })
  const bySource = new Map<string, Pair>()
  const orphans: Pair[] = []
  const byRel = new Map(sourcePages.map((page) => [page.rel, page]))
  const byIndex = new Map(sourcePages.map((page) => [page.indexPath, page]))
  const own = placed(language, folderOf(language), tree.files)
  const unpaired = own.filter((page) => {
    const match = byRel.get(page.rel)
    if (!match || bySource.has(match.file)) return true
    bySource.set(match.file, pair('paired', 'path', match.file, page.file))
    return false
  })
  for (const page of unpaired) {
    const match = byIndex.get(page.indexPath)
    if (match && !bySource.has(match.file)) bySource.set(match.file, pair('paired', 'index path', match.file, page.file))
    else orphans.push(pair('orphan', null, null, page.file))
  }
  for (const page of sourcePages) {
    if (bySource.has(page.file)) continue
    const file = tree.files.get(`${folder}${page.rel}`)
    const expected = `${tree.docsFolder}${folder}${page.rel}${/\.mdx?$/i.exec(page.file)?.[0] ?? '.mdx'}`
    bySource.set(
      page.file,
      file
        ? pair('paired', 'path', page.file, file)
        : { ...pair('missing', 'path', page.file, expected), joins: { indexPath: page.indexPath, file: language.file } }
    )
  }
  // Files in the language's folder that no navigation names and no source page matches: orphans too.
  const seen = new Set([...bySource.values(), ...orphans].map((one) => one.translation))
  for (const [page, file] of tree.files)
    if (page.startsWith(folder) && !seen.has(file) && !byRel.has(page.slice(folder.length))) orphans.push(pair('orphan', null, null, file))
  return [...bySource.values(), ...orphans]
}

/** A language's pages that name a file at HEAD, each with its path below `folder`. */
function placed(language: Language, folder: string, files: PageFiles): Placed[] {
  const seen = new Set<string>()
  return language.pages.flatMap((page) => {
    const file = files.get(page.page)
    if (!file || seen.has(file)) return []
    seen.add(file)
    return [{ ...page, file, rel: page.page.startsWith(folder) ? page.page.slice(folder.length) : page.page }]
  })
}

/** The common first segment of a language's pages (`zh/`), or '' when they share none. */
export function folderOf(language: Language): string {
  const firsts = new Set(language.pages.map((page) => (page.page.includes('/') ? page.page.split('/')[0] : '')))
  const [only] = firsts
  return firsts.size === 1 && only ? `${only}/` : ''
}

/** The source's own folder: only when every source page sits under one named by its code or primary subtag (`en/`). */
export function ownFolder(source: Language): string {
  const folder = folderOf(source)
  const name = folder.slice(0, -1).toLowerCase()
  const code = source.code.toLowerCase()
  return folder && (name === code || name === code.split('-')[0]) ? folder : ''
}
