import { describe, expect, it } from '@jest/globals'
import { InputError, messageOf } from '../../../src/errors.js'
import {
  ApiError,
  CreditsExhausted,
  describeFailure,
  type FailureCause,
  type FailureContext,
  isCreditCheckFailure,
  serverText
} from '../../../src/mintlify/errors.js'
import { clipText, redact } from '../../../src/text.js'
import { T0 } from '../../fixtures/agent-jobs.js'

const CREATE: FailureContext = {
  action: 'create the agent job',
  method: 'POST',
  family: 'agent',
  notFound: 'project acme-docs was not found; check project-id',
  uncertainty: null,
  attempts: 1,
  budget: null
}

const httpStatus = (status: number, text: string | null = null, retryAfterMs: number | null = null): FailureCause => ({
  type: 'status',
  status,
  serverText: text,
  retryAfterMs
})

describe('serverText', () => {
  it('quotes the JSON error field', () => {
    expect(serverText('{"error":"Job not found"}', 'application/json')).toBe('Job not found')
  })

  it('quotes a JSON message field', () => {
    expect(serverText('{"message":"Prompt must not be empty"}', 'application/json')).toBe('Prompt must not be empty')
  })

  it('joins error, message and details[].message', () => {
    const body = JSON.stringify({
      error: 'Invalid query',
      details: [{ message: 'dateFrom must be a date' }, { message: 'limit must be at most 250' }]
    })
    expect(serverText(body, 'application/json')).toBe('Invalid query; dateFrom must be a date; limit must be at most 250')
  })

  it('skips empty and non-text pieces of a JSON body', () => {
    const body = JSON.stringify({ error: '  ', message: 42, details: [{ message: 'limit too large' }, 'oops', { code: 1 }] })
    expect(serverText(body, 'application/json')).toBe('limit too large')
  })

  it('says nothing for JSON that carries no message', () => {
    expect(serverText('{"code":500}', 'application/json')).toBeNull()
  })

  it('quotes plain text, such as a 429 from the rate limiter', () => {
    expect(serverText('Too Many Requests', 'text/plain')).toBe('Too Many Requests')
  })

  it('folds whitespace in plain text into single spaces', () => {
    expect(serverText('  upstream\n\n  unavailable\t now ', 'text/plain')).toBe('upstream unavailable now')
  })

  it('does not dump an HTML page announced by its content type', () => {
    expect(serverText('<html><body><h1>502 Bad Gateway</h1></body></html>', 'text/html; charset=utf-8')).toBeNull()
  })

  it('does not dump an HTML page sent without a content type', () => {
    expect(serverText('\n  <!DOCTYPE html><html><title>Error</title></html>', undefined)).toBeNull()
  })

  it('says nothing for an empty body', () => {
    expect(serverText('', 'text/plain')).toBeNull()
    expect(serverText('   \n', 'text/plain')).toBeNull()
  })

  it('cuts a long message to 300 characters, ending with an ellipsis', () => {
    const text = serverText('a'.repeat(1_000), 'text/plain')
    expect(text).toHaveLength(300)
    expect(text).toBe(`${'a'.repeat(299)}…`)
  })

  it('keeps a message of exactly 300 characters whole', () => {
    expect(serverText('b'.repeat(300), 'text/plain')).toBe('b'.repeat(300))
  })
})

describe('redact and clipText', () => {
  it('leaves text alone when there is no secret', () => {
    expect(redact('nothing to hide', '')).toBe('nothing to hide')
  })

  it('clips with an ellipsis only when needed', () => {
    expect(clipText('abcdef', 4)).toBe('abc…')
    expect(clipText('abcd', 4)).toBe('abcd')
  })
})

describe('describeFailure', () => {
  it('explains a 401 as an invalid or expired key, or a plan without API access', () => {
    expect(describeFailure(httpStatus(401, 'Invalid API key'), CREATE)).toBe(
      "Could not create the agent job: HTTP 401, the API key is invalid or expired, or the organization's plan has no API access (or this feature is not enabled for it); " +
        'create a new admin key in the Mintlify dashboard and update the secret, or check the plan (server: "Invalid API key").'
    )
  })

  it('explains a 403 on a POST with both causes: the write scope it needs and the IP allowlist', () => {
    expect(describeFailure(httpStatus(403), CREATE)).toBe(
      'Could not create the agent job: HTTP 403, the API key is not allowed to do this: either it lacks the write scope this POST needs ' +
        "(keys are read- or write-scoped, and a read-only key is refused on every POST) or its IP allowlist excludes this runner (GitHub-hosted runners' addresses change)."
    )
  })

  it('explains a 403 on a GET with the read scope it needs and the IP allowlist', () => {
    const message = describeFailure(httpStatus(403, 'Forbidden'), { ...CREATE, action: 'read agent job job_1', method: 'GET' })
    expect(message).toBe(
      'Could not read agent job job_1: HTTP 403, the API key is not allowed to do this: either it lacks the read scope this GET needs ' +
        'or its IP allowlist excludes this runner (GitHub-hosted runners\' addresses change) (server: "Forbidden").'
    )
    expect(message).not.toContain('write')
  })

  it('puts a documented cause of a 403 first, then the scope and the allowlist', () => {
    const message = describeFailure(httpStatus(403), {
      ...CREATE,
      forbidden: "the organization's plan may not include preview deployments"
    })
    expect(message).toMatch(
      /HTTP 403, the organization's plan may not include preview deployments, or the API key is not allowed to do this: either it lacks the write scope/
    )
  })

  it('says a credit-check 503 that outlasted its retries queued nothing, and no job may exist', () => {
    const message = describeFailure(httpStatus(503, 'Credit check failed. Retry the request.'), { ...CREATE, attempts: 5 })
    expect(message).toBe(
      `Could not create the agent job: HTTP 503, Mintlify's credit check failed, so nothing was queued (server: "Credit check failed. Retry the request.") after 5 attempts.`
    )
  })

  it('explains a 404 with what was not found', () => {
    const context = { ...CREATE, action: 'read agent job job_9', notFound: 'job job_9 was not found in project acme-docs' }
    expect(describeFailure(httpStatus(404, 'Job not found'), context)).toBe(
      'Could not read agent job job_9: HTTP 404, job job_9 was not found in project acme-docs (server: "Job not found").'
    )
  })

  it('explains a 429 on the agent API with its per-project quota', () => {
    const message = describeFailure(httpStatus(429, 'Too Many Requests'), CREATE)
    expect(message).toContain('HTTP 429, the rate limit is reached (100 job creations and messages per project per hour)')
    expect(message).toContain('(server: "Too Many Requests")')
  })

  it('explains a 429 on the analytics API with its shared per-organization quota', () => {
    const message = describeFailure(httpStatus(429), { ...CREATE, action: 'read visitors', family: 'analytics' })
    expect(message).toBe(
      'Could not read visitors: HTTP 429, the rate limit is reached (100 analytics requests per organization per hour, shared by all analytics endpoints).'
    )
  })

  it.each([500, 502, 503, 504])('explains HTTP %i as a server error', (status) => {
    expect(describeFailure(httpStatus(status), CREATE)).toBe(
      `Could not create the agent job: HTTP ${status}, the Mintlify API had a server error.`
    )
  })

  it('explains a 400 as an invalid request', () => {
    expect(describeFailure(httpStatus(400, 'prompt is required'), CREATE)).toBe(
      'Could not create the agent job: HTTP 400, the API rejected the request as invalid (server: "prompt is required").'
    )
  })

  it('counts the attempts when there were several', () => {
    expect(describeFailure(httpStatus(503), { ...CREATE, attempts: 5 })).toBe(
      'Could not create the agent job: HTTP 503, the Mintlify API had a server error after 5 attempts.'
    )
  })

  it('says the job may have been created when the outcome is unknown', () => {
    const uncertainty = 'the job may have been created anyway, so check the agent jobs in the Mintlify dashboard before running again'
    expect(describeFailure({ type: 'timeout', timeoutMs: 30_000 }, { ...CREATE, uncertainty })).toBe(
      `Could not create the agent job: no response within 30s; ${uncertainty}.`
    )
  })

  it.each<[FailureCause, string]>([
    [{ type: 'reset' }, 'the connection was closed before a response arrived'],
    [{ type: 'malformed' }, 'the response was not the JSON the API documents'],
    [{ type: 'network', code: 'EPROTO' }, 'a network error (EPROTO)']
  ])('describes a %j failure', (cause, text) => {
    expect(describeFailure(cause, CREATE)).toBe(`Could not create the agent job: ${text}.`)
  })

  it.each<[FailureCause, string]>([
    [{ type: 'refused', host: '127.0.0.1:9' }, 'the connection to 127.0.0.1:9 was refused'],
    [{ type: 'dns', host: 'api.mintlify.invalid' }, 'the host api.mintlify.invalid could not be found'],
    [
      { type: 'tls', host: 'api.mintlify.com', code: 'SELF_SIGNED_CERT_IN_CHAIN' },
      'the secure connection to api.mintlify.com failed (SELF_SIGNED_CERT_IN_CHAIN)'
    ]
  ])('describes a connection that could not be made (%j) with its host and the likely causes, in one sentence', (cause, text) => {
    const message = describeFailure(cause, CREATE)
    expect(
      message.startsWith(
        `Could not create the agent job: ${text}; check what keeps this runner from ${cause.type === 'malformed' ? '' : (cause as { host: string }).host}: `
      )
    ).toBe(true)
    for (const likely of ['HTTPS_PROXY', 'base-url', 'GitHub Enterprise Server', 'IP allowlist']) expect(message).toContain(likely)
    expect(message.match(/\. |\.$/g)).toEqual(['.'])
  })

  it('names the time to retry when the server asks for more time than is left', () => {
    const message = describeFailure(httpStatus(429, null, 3_600_000), {
      ...CREATE,
      budget: { delayMs: 3_600_000, remainingMs: 60_000, now: T0 }
    })
    expect(message).toBe(
      'Could not create the agent job: HTTP 429, the rate limit is reached (100 job creations and messages per project per hour); ' +
        'the API asks to wait 1h 00m, more than the 1m 00s left before the timeout, so retry after 2025-01-15 13:00 UTC.'
    )
  })

  it('never names a retry time earlier than the one the server asked for', () => {
    // 12:00:00 + 2m 30s = 12:02:30; "retry after 12:02" would send the user back 30 s too early.
    const message = describeFailure(httpStatus(429, null, 150_000), {
      ...CREATE,
      budget: { delayMs: 150_000, remainingMs: 60_000, now: T0 }
    })
    expect(message).toMatch(/retry after 2025-01-15 12:0(?:3|2:30)\b/)
  })

  it('says the next retry would not fit when backoff, not the server, needs the time', () => {
    const message = describeFailure(httpStatus(503), { ...CREATE, attempts: 3, budget: { delayMs: 4_000, remainingMs: 1_500, now: T0 } })
    expect(message).toBe(
      'Could not create the agent job: HTTP 503, the Mintlify API had a server error after 3 attempts; the next retry would not fit in the 1.5s left before the timeout.'
    )
  })
})

describe('typed errors', () => {
  it('keeps status and uncertainty on an ApiError', () => {
    const error = new ApiError('Could not create the agent job: HTTP 500.', 500, true)
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('ApiError')
    expect(error.status).toBe(500)
    expect(error.uncertain).toBe(true)
  })

  it('keeps the input name on an InputError', () => {
    const error = new InputError('timeout', "Input 'timeout' is wrong.")
    expect(error.name).toBe('InputError')
    expect(error.input).toBe('timeout')
  })

  it('takes the message of an Error and the text of anything else', () => {
    expect(messageOf(new Error('boom'))).toBe('boom')
    expect(messageOf('plain')).toBe('plain')
    expect(messageOf(42)).toBe('42')
  })
})

describe('CreditsExhausted (a 402)', () => {
  it("quotes the server and says the credits are exhausted for the billing cycle, in DESIGN's words", () => {
    const error = new CreditsExhausted('trigger automation auto_1', 'AI credits exhausted for this billing cycle')
    expect(error).toBeInstanceOf(ApiError)
    expect(error.status).toBe(402)
    expect(error.uncertain).toBe(false)
    expect(error.retryable).toBe(false)
    expect(error.message).toBe(
      `Mintlify's AI credits are exhausted for this billing cycle: could not trigger automation auto_1 (HTTP 402, server: "AI credits exhausted for this billing cycle"); they renew with the next billing cycle, or upgrade the plan.`
    )
  })

  it('says the same without a server text', () => {
    expect(new CreditsExhausted('create the agent job', null).message).toBe(
      "Mintlify's AI credits are exhausted for this billing cycle: could not create the agent job (HTTP 402); they renew with the next billing cycle, or upgrade the plan."
    )
  })
})

describe('isCreditCheckFailure', () => {
  it.each([
    [503, 'Credit check failed. Retry the request.', true],
    [503, 'credit check failed', true],
    [503, 'Service Unavailable', false],
    [503, null, false],
    [502, 'Credit check failed. Retry the request.', false],
    [500, 'Credit check failed', false]
  ])('HTTP %i with %p: %p', (status, text, expected) => {
    expect(isCreditCheckFailure(status, text)).toBe(expected)
  })
})
