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
  return url.replace(SHELL_MEANINGFUL, percentEncoded)
}

/**
 * Text readers wrote (a page path, a search term, a category) in an output: the characters of
 * `SHELL_MEANINGFUL` percent-encoded, and `%` too, so `decodeURIComponent` gives the text back as written
 * (a term such as `100% uptime` included).
 */
export function shellSafeText(text: string): string {
  return text.replace(/%/g, '%25').replace(SHELL_MEANINGFUL, percentEncoded)
}

function percentEncoded(char: string): string {
  return `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`
}
