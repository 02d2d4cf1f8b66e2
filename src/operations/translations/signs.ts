import type { History } from './history.js'
import type { JudgedPair } from './judge.js'

/**
 * Signs of another translator, for `translate: true` (the report runs either way): translation files
 * committed by Mintlify's App in the history already read, a `.mintlify/workflows/*.md` that names
 * translation, an `AGENTS.md` that names a language folder. Each is one warning naming the file (and the
 * line, or the commit). Pure: the files' texts are read through git by the caller.
 */

/** Mintlify's GitHub App commits as `mintlify[bot]` (its noreply address carries the same name). */
const APP = /mintlify.*\[bot\]/i

export interface SignFiles {
  /** `.mintlify/workflows/*.md` and the `AGENTS.md` files, by path, as HEAD holds them. */
  texts: ReadonlyMap<string, string>
  /** Each judged language's folder (`docs/fr/`) by code. */
  folders: ReadonlyMap<string, string>
}

export function anotherTranslator(pairs: readonly JudgedPair[], history: History, files: SignFiles): string[] {
  const warnings: string[] = []
  const app = appCommit(pairs, history)
  if (app)
    warnings.push(
      `${app.file} was committed by Mintlify's App (${app.sha.slice(0, 7)}): another translator is at work on this repository, and the agent's translation jobs may overlap with its work.`
    )
  for (const [path, text] of files.texts) {
    const lines = text.split('\n')
    if (path.includes('.mintlify/workflows/')) {
      const line = lines.findIndex((one) => /translat/i.test(one))
      if (line >= 0)
        warnings.push(
          `${path} line ${line + 1} names translation: a Mintlify workflow may translate these pages too, and the agent's translation jobs may overlap with it.`
        )
      continue
    }
    for (const [code, folder] of files.folders) {
      const name = folder.replace(/\/$/, '').split('/').at(-1) ?? folder
      const line = lines.findIndex((one) => new RegExp(`(^|[\\s\`'"(/])${escapeRegExp(name)}/`).test(one))
      if (line >= 0)
        warnings.push(
          `${path} line ${line + 1} names the ${name}/ folder: where it keeps the agent out of it, the ${code} translation job may change nothing.`
        )
    }
  }
  return warnings
}

function appCommit(pairs: readonly JudgedPair[], history: History): { file: string; sha: string } | null {
  for (const pair of pairs) {
    if (pair.state === 'missing') continue
    for (const node of history.changes.get(pair.translation) ?? []) {
      const commit = history.commits.get(node)
      if (commit && (APP.test(commit.author) || APP.test(commit.email))) return { file: pair.translation, sha: commit.sha }
    }
  }
  return null
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
