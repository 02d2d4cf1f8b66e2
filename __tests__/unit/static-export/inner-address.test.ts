/**
 * The addresses a bundle link's redirect may not reach (DESIGN: "never to a loopback, link-local or private
 * address unless the first link was one"), and the lookup that checks a name's addresses where the
 * connection resolves it.
 */
import { createServer } from 'node:http'
import * as http from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from '@jest/globals'
import { InnerAddressError, isInnerAddress, isInnerHost, outerOnlyLookup } from '../../../src/operations/static-export/inner-address.js'

describe('inner addresses', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '[::1]',
    '::',
    'fe80::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe'
  ])('%s is inner', (address) => expect(isInnerAddress(address)).toBe(true))

  it.each(['8.8.8.8', '172.32.0.1', '172.15.255.255', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8', 'cdn.example', ''])(
    '%s is not',
    (address) => expect(isInnerAddress(address)).toBe(false)
  )

  it('names localhost and names under it as inner hosts, and no other name', () => {
    expect(isInnerHost('localhost')).toBe(true)
    expect(isInnerHost('LOCALHOST.')).toBe(true)
    expect(isInnerHost('bundle.localhost')).toBe(true)
    expect(isInnerHost('localhost.example')).toBe(false)
    expect(isInnerHost('cdn.example')).toBe(false)
  })
})

type Answer = { address: string; family: number }[]

/** A resolver that answers every name with the given addresses, as dns.lookup with `all: true` would. */
function resolverOf(answer: Answer) {
  return (_: string, __: unknown, callback: (error: NodeJS.ErrnoException | null, addresses: Answer) => void) =>
    setImmediate(() => callback(null, answer))
}

function lookUp(answer: Answer, all: boolean): Promise<{ error: Error | null; result: unknown }> {
  const lookup = outerOnlyLookup(resolverOf(answer))
  return new Promise((resolve) =>
    lookup('bundle.example', { all }, (error: Error | null, address: unknown, family?: number) =>
      resolve({ error, result: all ? address : [address, family] })
    )
  )
}

describe('a redirect host resolved at connection time', () => {
  it('passes a name whose addresses are all public, in the form Node asked for', async () => {
    const answer = [
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 }
    ]
    expect(await lookUp(answer, false)).toEqual({ error: null, result: ['93.184.216.34', 4] })
    expect(await lookUp(answer, true)).toEqual({ error: null, result: answer })
  })

  it('refuses a name when any of its addresses is inner, naming the name', async () => {
    const { error } = await lookUp(
      [
        { address: '93.184.216.34', family: 4 },
        { address: '169.254.169.254', family: 4 }
      ],
      true
    )
    expect(error).toBeInstanceOf(InnerAddressError)
    expect(error?.message).toContain('bundle.example, a name for a loopback, link-local or private address')
  })

  it('refuses a name with no address', async () => {
    expect((await lookUp([], false)).error).toBeInstanceOf(InnerAddressError)
  })

  it('stops a real connection before it is made: the server behind the inner address sees nothing', async () => {
    let reached = 0
    const server = createServer((_, response) => {
      reached++
      response.end('inside')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const lookup = outerOnlyLookup(resolverOf([{ address: '127.0.0.1', family: 4 }]))
      const error = await new Promise<Error>((resolve) => {
        const request = http.get(`http://bundle.example:${port}/b`, { lookup }, () => resolve(new Error('answered')))
        request.on('error', resolve)
      })
      expect(error).toBeInstanceOf(InnerAddressError)
      expect(reached).toBe(0)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
