/**
 * One line of plain text for places that show no markdown and hold little: a commit status's
 * description (GitHub keeps 140 characters), a skip's reason.
 */

// Control characters (C0, DEL, C1) and the Unicode line and paragraph separators break a line as surely as \n.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const BREAKS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g

/**
 * `text` on one line (every run of whitespace and control characters one space), cut to at most `limit`
 * UTF-16 units with an ellipsis. The cut never splits a surrogate pair, so no half character is left.
 */
export function plainLine(text: string, limit: number): string {
  const line = text.replace(BREAKS, ' ').trim()
  if (line.length <= limit) return line
  let end = limit - 1
  const last = line.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end -= 1
  return `${line.slice(0, end).trimEnd()}…`
}
