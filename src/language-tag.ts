/**
 * A BCP 47 language tag as Mintlify's language codes are written: `fr`, `pt-BR`, `zh-Hans`. The one test of
 * a language code, shared by `translations` (a code becomes a folder and part of a prompt) and by the record
 * its jobs' introductions keep (github/translation-marker.ts).
 */
export const LANGUAGE_TAG = /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/
