import { isLoopbackHost } from '../../settings.js'
import { isInnerHost } from './inner-address.js'

/**
 * The bundle link's rules: a presigned link is a bearer credential for the docs, so it travels only over
 * `https://` (plain `http://` only to this machine, as `base-url`), it carries no user name or password,
 * and every form in which it can be read is a secret of the run.
 */

/** Whether the link may be fetched: `https://`, or `http://` to a loopback host. */
export function fetchableLink(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))
}

/**
 * Why a redirect from the link to `next` is not followed, or null when it is: only to `https://` (to plain
 * `http://` only when the first link was itself a loopback one, for local testing), never with a user name
 * or password (which a client would send as Basic auth), and never to a loopback, link-local or private
 * address unless the first link was one (a name's addresses are checked where the connection resolves it).
 * Never quotes the address: it may be a secret.
 */
export function refusedRedirect(first: URL, next: URL): string | null {
  if (next.username || next.password)
    return 'the bundle link redirected to an address with a user name or password, which this action does not follow'
  if (isInnerHost(next.hostname) && !isInnerHost(first.hostname))
    return `the bundle link redirected to a loopback, link-local or private address (${next.host}), which this action does not follow`
  if (next.protocol === 'https:') return null
  if (next.protocol === 'http:' && first.protocol === 'http:' && isLoopbackHost(first.hostname) && isLoopbackHost(next.hostname))
    return null
  return `the bundle link redirected to a plain ${next.protocol}// address (${next.host}), which this action does not follow (only https://)`
}

/** Whether the connection to a redirect's host must check the addresses its name resolves to: the first link was not inner. */
export function guardsRedirects(first: URL): boolean {
  return !isInnerHost(first.hostname)
}

/** The link parsed, or why it is refused (never quoting it: it is a secret). */
export function checkBundleLink(raw: string): { ok: true; url: URL } | { ok: false; why: string } {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { ok: false, why: 'the bundle link the API gave is not a URL' }
  }
  if (url.username || url.password) return { ok: false, why: 'the bundle link the API gave carries a user name or password' }
  if (!fetchableLink(url))
    return { ok: false, why: `the bundle link the API gave is ${url.protocol}//, not https://, so the docs would travel unencrypted` }
  return { ok: true, url }
}

/**
 * Every form of the link a log or a server's text could show: as given, percent-encoded (a link inside
 * another URL's query), and the value of every query parameter whose name ends in `signature` or `sig`, in
 * any case (`X-Amz-Signature`, `Signature`, `sig`), which is what makes it work.
 */
export function linkSecrets(raw: string): string[] {
  const forms = [raw, encodeURIComponent(raw)]
  try {
    for (const [name, value] of new URL(raw).searchParams)
      if (/(signature|sig)$/i.test(name) && value) forms.push(value, encodeURIComponent(value))
  } catch {
    // Not a URL: the text itself is the secret.
  }
  return [...new Set(forms)]
}
