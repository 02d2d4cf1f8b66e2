import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns'
import { BlockList, isIP, type LookupFunction } from 'node:net'

/**
 * Addresses a bundle link's redirect must not reach unless the first link was already one: this machine,
 * the runner's own network and the cloud's metadata service. A redirect is the link host's word, and the
 * runner may sit inside a network the host cannot see; following it there would let the host make the runner
 * fetch, and then publish as the docs bundle, whatever that network serves.
 */

const INNER = new BlockList()
const INNER_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15] // benchmarking networks
]
const INNER_V6: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10] // link-local
]
for (const [network, prefix] of INNER_V4) INNER.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of INNER_V6) INNER.addSubnet(network, prefix, 'ipv6')

/** Whether an IP address (v4, v6, or v4 written in v6) is loopback, link-local or private. False for a name. */
export function isInnerAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '')
  const family = isIP(bare)
  if (family === 0) return false
  return INNER.check(bare, family === 4 ? 'ipv4' : 'ipv6')
}

/** Whether a URL's host names such an address outright: an inner IP address, `localhost` or a name under it. */
export function isInnerHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  return host === 'localhost' || host.endsWith('.localhost') || isInnerAddress(host)
}

/** A name that resolved to an inner address: the redirect is refused, never tried again. */
export class InnerAddressError extends Error {
  readonly code = 'EINNERADDRESS'
  constructor(readonly hostname: string) {
    super(
      `the bundle link redirected to ${hostname}, a name for a loopback, link-local or private address, which this action does not follow`
    )
    this.name = 'InnerAddressError'
  }
}

type Resolve = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void
) => void

/**
 * A `lookup` for the connection to a redirect's host: the name is resolved as Node would, and refused when
 * any of its addresses is inner (a name may answer with several, and the connection may try each). This is
 * where a name's address is known, so a name that only later points inside is caught too.
 */
export function outerOnlyLookup(resolve: Resolve = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0)
      if (addresses.length === 0 || addresses.some((entry) => isInnerAddress(entry.address)))
        return callback(new InnerAddressError(hostname), '', 0)
      const first = addresses[0]!
      // Node asks for all addresses when it may try several (autoSelectFamily), else for one.
      if (options.all) (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, addresses)
      else callback(null, first.address, first.family)
    })
  }
}
