import { isLoopbackHost } from '../../settings.js'

/**
 * The bundle link's rules: a presigned link is a bearer credential for the docs, so it travels only over
 * `https://` (plain `http://` only to this machine, as `base-url`), it carries no user name or password,
 * and every form in which it can be read is a secret of the run.
 */

/** Whether the link (or a redirect's target) may be fetched: `https://`, or `http://` to a loopback host. */
export function fetchableLink(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))
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
 * another URL's query), and its `X-Amz-Signature` value alone, which is what makes it work.
 */
export function linkSecrets(raw: string): string[] {
  const forms = [raw, encodeURIComponent(raw)]
  try {
    const signature = new URL(raw).searchParams.get('X-Amz-Signature')
    if (signature) forms.push(signature, encodeURIComponent(signature))
  } catch {
    // Not a URL: the text itself is the secret.
  }
  return [...new Set(forms)]
}
