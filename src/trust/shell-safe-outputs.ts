/**
 * The characters a shell gives meaning to, with spaces, line breaks and the other ASCII control characters: in a URL output
 * (`preview-url`, `docs-url`, `comment-url`) each is percent-encoded, so a later step that pastes the output
 * into a `run:` script (which the docs advise against, but people do) runs nothing the URL's author wrote.
 * The URL still leads to the same place: a server decodes `%24` as `$`. `%` itself stays, so encodings
 * already in the URL keep their meaning.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this matches
const SHELL_MEANINGFUL = /[`$();|&<>'"\\\u0000-\u0020\u007f]/g

/** `url` with every character a shell gives meaning to percent-encoded (see `SHELL_MEANINGFUL`). */
export function shellSafeUrl(url: string): string {
  return url.replace(SHELL_MEANINGFUL, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
}
