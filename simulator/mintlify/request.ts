// What the Mintlify routes share: the request they see, the error body, and the JSON body's one field.
import type { IncomingHttpHeaders } from 'node:http'
import type { RouteResponse } from '../types.js'

export interface ApiRequest {
  method: string
  /** The full request URL (for the query string). */
  url: URL
  path: string
  headers: IncomingHttpHeaders
  body: string
}

/** The Mintlify error body: {"error": message}, with `details` as the analytics endpoints add them. */
export function apiError(status: number, message: string, details?: string[]): RouteResponse {
  const json = details ? { error: message, details: details.map((m) => ({ message: m })) } : { error: message }
  return { status, json }
}

/**
 * Validates a JSON object body whose `field` is a non-empty string (`{"prompt": …}`, `{"branch": …}`):
 * the string, or a 400 answer saying what is wrong.
 */
export function readStringField(req: ApiRequest, field: string): string | RouteResponse {
  const type = req.headers['content-type'] ?? ''
  if (!/^application\/json\b/i.test(type)) {
    return apiError(400, `Content-Type must be application/json (got ${type ? `'${type}'` : 'none'})`)
  }
  let body: unknown
  try {
    body = JSON.parse(req.body)
  } catch (error) {
    return apiError(400, `Request body is not valid JSON: ${(error as Error).message}`)
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return apiError(400, 'Request body must be a JSON object')
  }
  const value: unknown = (body as Record<string, unknown>)[field]
  if (value === undefined) return apiError(400, `Missing required field '${field}'`)
  if (typeof value !== 'string') return apiError(400, `Field '${field}' must be a string`)
  if (value.length < 1) return apiError(400, `Field '${field}' must not be empty`)
  return value
}
