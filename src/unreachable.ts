/**
 * A connection that could not be made (DNS, refused, an unreachable network, TLS), to the docs API or to
 * GitHub: the host, and what most often keeps a runner from it, in one sentence.
 */

export type ConnectionProblem = 'dns' | 'refused' | 'tls'

const PROBLEMS: Record<string, ConnectionProblem> = {
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  ECONNREFUSED: 'refused',
  EHOSTUNREACH: 'refused',
  ENETUNREACH: 'refused'
}

/** Node's codes of a TLS handshake that failed: a certificate not trusted (a proxy's, say), expired, or for another name. */
const TLS_CODE =
  /^(?:ERR_TLS_|ERR_SSL_|EPROTO$|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|HOSTNAME_MISMATCH$)/

/** The connection problem a Node error code means; null for any other failure. */
export function connectionProblem(code: string | null): ConnectionProblem | null {
  if (code === null) return null
  return PROBLEMS[code] ?? (TLS_CODE.test(code) ? 'tls' : null)
}

/** `the connection to api.mintlify.com was refused`: what went wrong, naming the host. */
export function connectionFailure(problem: ConnectionProblem, host: string, code: string): string {
  switch (problem) {
    case 'dns':
      return `the host ${host} could not be found`
    case 'refused':
      return `the connection to ${host} was refused`
    case 'tls':
      return `the secure connection to ${host} failed (${code})`
  }
}

/** The likely causes, after the failure (`…; check …`). */
export function connectionCauses(host: string): string {
  return (
    `check what keeps this runner from ${host}: a proxy it must use (set HTTPS_PROXY), ` +
    "the API's address (base-url, or on GitHub Enterprise Server its API URL), or an IP allowlist on the key or the organization"
  )
}
