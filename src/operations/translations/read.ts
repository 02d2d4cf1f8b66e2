import { readFileSync, realpathSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { InputError } from '../../errors.js'
import { clip } from '../../inputs.js'
import { type DocsJson, type JsonFiles, readDocsJson } from './docs-json.js'
import type { CheckoutFault, GitReads, ObjectReader } from './git.js'
import { CommitGraph, type History, parseHistory } from './history.js'
import { judgePairs, type JudgedPair } from './judge.js'
import { type Language, type LanguageScope, languageScopes, sourceLanguage } from './navigation.js'
import { folderOf, pageFilesOf, pairScope } from './pairs.js'
import { anotherTranslator, type SignFiles } from './signs.js'

/**
 * Read, in DESIGN's order: the checkout, then docs.json with its `$ref`s and `languages` against it, then
 * history (the graph, one log pass, one object reader for the tree and the translations' front matter).
 * Each fault ends the run there with one sentence.
 */

/** A scope's judged languages: its source and those `languages` selects (every one but the source's, when empty). */
export interface ScopeLanguages {
  scope: LanguageScope
  source: Language
  judged: Language[]
}

export interface TranslationFacts {
  scopes: ScopeLanguages[]
  pairs: JudgedPair[]
  /** Source pages no navigation names: listed, not judged. */
  notInNavigation: string[]
  history: History
  /** Signs of another translator (read only when asked: `translate: true`), one warning each. */
  signs: string[]
}

export type TranslationsRead = { kind: 'read'; facts: TranslationFacts } | { kind: 'one-language'; language: string }

export interface ReadRequest {
  docsFolder: string
  languages: readonly string[]
  /** Look for signs of another translator (`translate: true`). */
  signs: boolean
}

export async function readTranslations(request: ReadRequest, git: GitReads, files: JsonFiles): Promise<TranslationsRead> {
  const fault = await git.fault()
  if (fault) throw new Error(FAULTS[fault])
  const docs = readDocsJson(request.docsFolder, files)
  const scopes = selectLanguages(docs, request.languages)
  if (!scopes.some((scope) => scope.judged.length > 0)) return { kind: 'one-language', language: scopes[0]?.source.code ?? 'one' }
  const [graphText, log, objects] = await Promise.all([git.graph(), git.log(request.docsFolder), git.objects(request.docsFolder)])
  try {
    const history = parseHistory(new CommitGraph(graphText), log)
    const tree = { files: pageFilesOf(objects.files, request.docsFolder), docsFolder: request.docsFolder }
    const scoped = scopes.map((one) => pairScope(one.scope, one.source, one.judged, tree))
    const pairs = scoped.flatMap((one) => one.pairs)
    const texts = await objects.read([...new Set(pairs.filter((pair) => pair.kind === 'paired').map((pair) => pair.translation))])
    // A source page is off the navigation when no scope's navigation names it.
    const notInNavigation =
      scoped.reduce<string[] | null>(
        (all, one) => (all === null ? one.notInNavigation : all.filter((file) => one.notInNavigation.includes(file))),
        null
      ) ?? []
    const judged = judgePairs(pairs, history, texts)
    const signs = request.signs ? anotherTranslator(judged, history, await signFiles(objects, request.docsFolder, scopes)) : []
    return { kind: 'read', facts: { scopes, pairs: judged, notInNavigation, history, signs } }
  } finally {
    objects.close()
  }
}

/** The files that may tell of another translator, read through the same git process. */
async function signFiles(objects: ObjectReader, docsFolder: string, scopes: readonly ScopeLanguages[]): Promise<SignFiles> {
  const workflows = (await objects.list('.mintlify/workflows')).filter((path) => path.toLowerCase().endsWith('.md'))
  const texts = await objects.read([...new Set([...workflows, 'AGENTS.md', `${docsFolder}AGENTS.md`])])
  const folders = new Map(
    scopes.flatMap(({ judged }) =>
      judged.map((language) => [language.code, `${docsFolder}${folderOf(language) || `${language.code}/`}`] as const)
    )
  )
  return { texts, folders }
}

const FAULTS: Record<CheckoutFault, string> = {
  'no-git':
    'The workspace holds no git repository, and translations judges pages by their history: check the repository out with actions/checkout (fetch-depth: 0) before this step (without git on the runner, actions/checkout downloads a tarball that has no history).',
  shallow:
    "The checkout is shallow, so the translations' history is cut short: give actions/checkout fetch-depth: 0, which fetches every commit.",
  partial:
    "The checkout is a partial clone (actions/checkout's filter), which would fetch missing objects over the network while history is read: remove filter from the checkout step."
}

/** Every scope's source and the languages judged; `languages` must name languages of docs.json, never a source's. */
export function selectLanguages(docs: DocsJson, wanted: readonly string[]): ScopeLanguages[] {
  const scopes = languageScopes(docs).flatMap((scope) => {
    const source = sourceLanguage(scope)
    return source ? [{ scope, source }] : []
  })
  const known = new Set(scopes.flatMap(({ scope }) => scope.languages.filter((one) => one.href === null).map((one) => one.code)))
  const sources = new Set(scopes.map(({ source }) => source.code))
  const unknown = wanted.filter((code) => !known.has(code))
  if (unknown.length > 0)
    throw new InputError(
      'languages',
      `Input 'languages' names ${unknown.map(clip).join(', ')}, which docs.json does not have: give codes among ${[...known].join(', ') || 'its languages'}.`
    )
  const source = wanted.find((code) => sources.has(code))
  if (source !== undefined)
    throw new InputError(
      'languages',
      `Input 'languages' names ${clip(source)}, the source language: name the translations to judge, or leave it empty for all of them.`
    )
  return scopes.map(({ scope, source: own }) => ({
    scope,
    source: own,
    judged: scope.languages.filter((one) => one !== own && one.href === null && (wanted.length === 0 || wanted.includes(one.code)))
  }))
}

/** docs.json and its `$ref`s as the checkout holds them: symlinks resolved, paths repository-relative. */
export function checkoutJsonFiles(workspace: string): JsonFiles {
  // Resolved at the first read: the checkout is checked before docs.json is read.
  let resolved: string | null = null
  const rootOf = (): string => (resolved ??= realpathSync(workspace))
  return {
    read(path) {
      try {
        return readFileSync(join(rootOf(), path), 'utf8')
      } catch {
        return null
      }
    },
    real(path) {
      try {
        const root = rootOf()
        const inside = relative(root, realpathSync(join(root, path)))
        return inside.startsWith('..') ? `../${inside}` : inside.split(sep).join('/')
      } catch {
        return null
      }
    }
  }
}
