import { LANGUAGE_TAG } from '../../language-tag.js'
import { isRecord } from '../../text.js'
import type { DocsJson } from './docs-json.js'

/**
 * The languages of docs.json's navigation: every `languages` array in the tree (at the top, or inside
 * `versions[]`, `products[]`, a tab's `menu[]`), each a scope judged on its own. Pure.
 */

export { LANGUAGE_TAG }

/** One `languages` array and where it sits (`navigation`, `version v2`, `product API`). */
export interface LanguageScope {
  /** '' for the top of the navigation; else `version v2`, `product API`, `tab Guides › menu Reference`. */
  name: string
  languages: Language[]
}

export interface Language {
  code: string
  default: boolean
  hidden: boolean
  /** A link to another site: listed, never judged. */
  href: string | null
  /** The pages its navigation names, in navigation order, each with its index path in the tree. */
  pages: NavigationPage[]
  /** The file that holds this language's navigation (docs.json, or a `$ref`'s file). */
  file: string
}

export interface NavigationPage {
  /** As docs.json names it, without a leading slash or an extension (`fr/quickstart`). */
  page: string
  /** Where it sits below its language entry (`tabs.0.groups.1.pages.3`): translated trees keep the shape, not the names. */
  indexPath: string
}

/** Keys below a language entry whose values hold navigation (in this order), and the keys that name one page. */
const CONTAINERS = ['tabs', 'anchors', 'dropdowns', 'menu', 'versions', 'products', 'groups', 'pages'] as const
/** A navigation entry that is an API operation (`GET /users`, `webhook order.created`), generated from OpenAPI: no file. */
const OPERATION = /^(get|post|put|patch|delete|head|options|trace|webhook)\s/i

/** Every `languages` array of the navigation, outermost first. */
export function languageScopes(docs: DocsJson): LanguageScope[] {
  const navigation = docs.value.navigation
  const scopes: LanguageScope[] = []
  visit(navigation, '', (node, name) => {
    const list = node.languages
    if (!Array.isArray(list)) return
    // Only entries whose code is a language tag (`fr`, `zh-Hans`): a code becomes a folder and part of a prompt,
    // so `../.github` or a URL is no language of the site.
    const entries = list.filter(isRecord).filter((entry) => typeof entry.language === 'string' && LANGUAGE_TAG.test(entry.language))
    scopes.push({ name, languages: entries.map((entry) => languageOf(entry, docs)) })
  })
  return scopes
}

/** Walks the navigation's objects (not into language entries); a scope's name grows through versions, products, tabs and menus. */
function visit(value: unknown, name: string, found: (node: Record<string, unknown>, name: string) => void): void {
  if (Array.isArray(value)) return value.forEach((item) => visit(item, name, found))
  if (!isRecord(value)) return
  const here = [name, labelOf(value)].filter(Boolean).join(' › ')
  found(value, here)
  for (const [key, child] of Object.entries(value)) if (key !== 'languages') visit(child, here, found)
}

const LABELS = [
  ['version', 'version'],
  ['product', 'product'],
  ['tab', 'tab'],
  ['item', 'menu']
] as const

function labelOf(node: Record<string, unknown>): string {
  for (const [key, word] of LABELS) if (typeof node[key] === 'string') return `${word} ${node[key]}`
  return ''
}

function languageOf(entry: Record<string, unknown>, docs: DocsJson): Language {
  const pages: NavigationPage[] = []
  collectPages(entry, '', pages)
  return {
    code: typeof entry.language === 'string' ? entry.language : '',
    default: entry.default === true,
    hidden: entry.hidden === true,
    href: typeof entry.href === 'string' ? entry.href : null,
    pages,
    file: docs.origins.get(entry) ?? 'docs.json'
  }
}

/** The pages below a navigation node, in order: `pages` strings, a group's `root`, and every container's children. */
function collectPages(node: Record<string, unknown>, at: string, pages: NavigationPage[]): void {
  if (typeof node.root === 'string') addPage(node.root, `${at}root`, pages)
  for (const key of CONTAINERS) {
    const children = node[key]
    if (!Array.isArray(children)) continue
    children.forEach((child, index) => {
      const path = `${at}${key}.${index}`
      if (typeof child === 'string') addPage(child, path, pages)
      else if (isRecord(child)) collectPages(child, `${path}.`, pages)
    })
  }
}

function addPage(entry: string, indexPath: string, pages: NavigationPage[]): void {
  const page = entry
    .trim()
    .replace(/^\/+/, '')
    .replace(/\.mdx?$/i, '')
  if (!page || OPERATION.test(page) || /^https?:/i.test(page)) return
  pages.push({ page, indexPath })
}

/** The source language of a scope: the entry with `default: true`, else the first; `href` entries never are. */
export function sourceLanguage(scope: LanguageScope): Language | null {
  const judged = scope.languages.filter((language) => language.href === null)
  return judged.find((language) => language.default) ?? judged[0] ?? null
}
