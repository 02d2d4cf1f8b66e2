/**
 * Who steers `reopened` (DESIGN "Who may steer the agent"): the one who reopened a pull request as well as its
 * author. A triage user may reopen a writer's pull request; below `min-permission`, it is an outsider's.
 */
import { describe, expect, it } from '@jest/globals'
import { parseEvent } from '../../../src/github/webhook-payload.js'
import { type GateSettings, judgeSteering, needsRoles, readSteererRoles, reopenerToJudge, whoSteers } from '../../../src/trust/gate.js'
import { webhookExample } from '../../fixtures/webhook-payloads.js'

const SETTINGS: GateSettings = { minPermission: 'write', allowedBots: ['renovate[bot]'] }

/** A pull request of this repository by `author`, `action` sent by `sender`. */
function pullEvent(action: string, author: string, sender: { login: string; type: string }) {
  const payload = structuredClone(webhookExample('pull_request', (p) => p.action === 'opened'))
  const pull = payload.pull_request as { user: Record<string, unknown> }
  pull.user = { ...pull.user, login: author, type: 'User' }
  payload.action = action
  payload.sender = sender
  return whoSteers(parseEvent('pull_request_target', payload))
}

const person = (login: string) => ({ login, type: 'User' })
const ROLES: Record<string, string | null> = {
  writer: 'write',
  triager: 'triage',
  stranger: null,
  'renovate[bot]': null,
  'other[bot]': null
}
const judge = async (steerer: ReturnType<typeof pullEvent>) => {
  const roles = await readSteererRoles(steerer, (login) => Promise.resolve(ROLES[login] ?? null))
  return judgeSteering(steerer, SETTINGS, { ...roles, pull: null, shown: [] }, 'agent')
}

describe('reopened', () => {
  it.each<[string, string, { login: string; type: string }, string]>([
    ["a triage user reopens a writer's pull request: it waits for a maintainer", 'writer', person('triager'), 'wait-for-maintainer'],
    ["a stranger's reopening (no permission) waits too", 'writer', person('stranger'), 'wait-for-maintainer'],
    ['a writer reopens their own pull request: it steers', 'writer', person('writer'), 'steer'],
    ["a writer reopens another writer's pull request: it steers", 'writer', person('Writer'), 'steer'],
    ['a bot allowed-bots lists reopens it: it steers', 'writer', { login: 'renovate[bot]', type: 'Bot' }, 'steer'],
    ['a bot allowed-bots does not list reopens it: it waits', 'writer', { login: 'other[bot]', type: 'Bot' }, 'wait-for-maintainer'],
    [
      "a writer reopens a triage user's pull request: the author still decides, and waits",
      'triager',
      person('writer'),
      'wait-for-maintainer'
    ]
  ])('%s', async (_, author, sender, expected) => {
    expect((await judge(pullEvent('reopened', author, sender))).kind).toBe(expected)
  })

  it('names who reopened it and their permission', async () => {
    const decision = await judge(pullEvent('reopened', 'writer', person('triager')))
    expect(decision).toMatchObject({
      why: 'The pull request was reopened by triager, who has triage permission on this repository: it steers nothing by itself (pull requests need write or higher).'
    })
  })

  it('judges only the author for any other action, whoever sent it', async () => {
    const steerer = pullEvent('synchronize', 'writer', person('triager'))
    expect(reopenerToJudge(steerer)).toBeNull()
    expect((await judge(steerer)).kind).toBe('steer')
  })

  it("reads the reopener's role, and a bot's never", async () => {
    const read: string[] = []
    const roleOf = (login: string) => {
      read.push(login)
      return Promise.resolve(ROLES[login] ?? null)
    }
    await readSteererRoles(pullEvent('reopened', 'writer', person('triager')), roleOf)
    await readSteererRoles(pullEvent('reopened', 'writer', { login: 'renovate[bot]', type: 'Bot' }), roleOf)
    expect(read.sort()).toEqual(['triager', 'writer', 'writer'])
    expect(needsRoles(pullEvent('reopened', 'writer', person('triager')))).toBe(true)
  })
})
