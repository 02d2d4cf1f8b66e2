// The organization's AI credits and the admin key's scope, as Mintlify's newer documents describe them.
//
// Documented (admin-openapi.json) on the automation webhook only: 402 when the credits are exhausted for the
// billing cycle, and 503 "Credit check failed. Retry the request." when the check itself fails (nothing is
// queued). EXTENSION: the simulator answers them on every request that spends credits (agent job creation,
// follow-up message, the schedule trigger) as well; that the agent endpoints do is the action's assumption,
// not the contract, so the contract rows (__tests__/contracts/) never rely on it. Scopes are documented for
// every key: a read-only key is refused (403) on every POST.
import type { RouteResponse } from '../types.js'
import { apiError } from './request.js'

/** The 402's text, as the webhook's document words it. */
export const CREDITS_EXHAUSTED = 'AI credits are exhausted for this billing cycle. Upgrade your plan or wait for your credits to renew.'
/** The credit-check 503's text, as the webhook's document words it. */
export const CREDIT_CHECK_FAILED = 'Credit check failed. Retry the request.'

/** The credits and the key's scope of the simulated organization, settable by a test. */
export interface FakeCredits {
  /** Credits left this billing cycle: each queued run or job spends one; at 0 such a request gets 402. null (default): no limit. */
  remaining: number | null
  /** The admin key's scope: `read` gets 403 on every POST. Default `write`. */
  keyScope: 'read' | 'write'
  /** The next `times` requests that spend credits get the credit-check 503, before anything is queued. */
  failChecks(times: number): void
}

export class Credits implements FakeCredits {
  remaining: number | null = null
  keyScope: 'read' | 'write' = 'write'
  private checksToFail = 0

  failChecks(times: number): void {
    this.checksToFail = Math.max(0, times)
  }

  /** A POST refused for the key's scope (403), else undefined. */
  refuseScope(method: string): RouteResponse | undefined {
    return method === 'POST' && this.keyScope === 'read'
      ? apiError(403, 'This API key has read access only; this request needs write access.')
      : undefined
  }

  /** A request that spends credits refused before it is queued (503 credit check, 402 exhausted), else undefined. */
  refuseSpending(): RouteResponse | undefined {
    if (this.checksToFail > 0) {
      this.checksToFail--
      return apiError(503, CREDIT_CHECK_FAILED)
    }
    return this.remaining === 0 ? apiError(402, CREDITS_EXHAUSTED) : undefined
  }

  /** A request that spent credits was answered: one credit fewer (only a success spends one). */
  spend(response: RouteResponse): RouteResponse {
    if (response.status < 300 && this.remaining !== null) this.remaining = Math.max(0, this.remaining - 1)
    return response
  }
}
