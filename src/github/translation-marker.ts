import { LANGUAGE_TAG } from '../language-tag.js'

/**
 * What the introduction of a `translations` job's pull request records beside its job: the operation and
 * the language the job brings up to date, `<!-- docs-agent-action:translation fr -->`. A record like the
 * others (signed with them, see trust/signed-records.ts), so only a signed introduction by a trusted author
 * counts: the next run finds the language `in review (#n)` by it while that pull request is open.
 */

/** The longest code recorded: docs.json's codes are short tags (`zh-Hans`); a longer one would not read back. */
const MAX_CODE = 64
const TRANSLATION = /<!-- docs-agent-action:translation ([A-Za-z0-9-]{1,64}) -->/

function isLanguageCode(code: string): boolean {
  return code.length <= MAX_CODE && LANGUAGE_TAG.test(code)
}

/** The marker of a translations job of `code`; null for anything but a language tag (a code reaches no comment unchecked). */
export function translationMarker(code: string): string | null {
  return isLanguageCode(code) ? `<!-- docs-agent-action:translation ${code} -->` : null
}

/** The language a translations job's introduction records; null without one, or for anything but a language tag. */
export function readTranslationMarker(body: string): string | null {
  const code = TRANSLATION.exec(body)?.[1]
  return code !== undefined && isLanguageCode(code) ? code : null
}
