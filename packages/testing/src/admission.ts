import { geminiErrorBody, INVALID_API_KEY_MESSAGE, invalidArgumentBody, MISSING_API_KEY_MESSAGE } from './errors.js';
import { preview } from './http-io.js';
import type { Route } from './routes.js';
import { modelCapabilityProblems } from './rules/model-capabilities.js';
import { requestProblems } from './rules/request.js';
import type { ThoughtSignatureLedger } from './rules/thought-signatures.js';
import type { GeminiErrorBody } from './wire.js';

export interface Refusal {
  status: number;
  body: GeminiErrorBody;
  /** The rule problems, when the refusal is a rules 400. */
  problems?: string[];
}

export interface AdmissionInput {
  method: string;
  path: string;
  route: Route | undefined;
  apiKey: string;
  raw: string;
  parsed: unknown;
}

export interface AdmissionPolicy {
  /** The only key accepted, if set. */
  apiKey?: string | undefined;
  /** The only model names served, if set. */
  models?: readonly string[] | undefined;
  strict: boolean;
  thinking: boolean;
  signatures: ThoughtSignatureLedger;
}

/**
 * What the API refuses before a request reaches the model, in the API's order: an unknown route (404), no API key
 * (403), a wrong key (400), a model not served (404), a body that is not a JSON object (400), what
 * the model does not take (400: tools or a system instruction for Gemma), broken request rules (400).
 * Undefined: admitted.
 */
export function refusalOf(input: AdmissionInput, policy: AdmissionPolicy): Refusal | undefined {
  if (!input.route || input.method !== 'POST') {
    const message =
      'FakeGemini serves POST /{v1,v1beta}/models/{model}:generateContent and :streamGenerateContent?alt=sse, ' +
      `not ${input.method} ${input.path}.`;
    return { status: 404, body: geminiErrorBody(404, message) };
  }
  if (!input.apiKey) return { status: 403, body: geminiErrorBody(403, MISSING_API_KEY_MESSAGE) };
  if (policy.apiKey !== undefined && input.apiKey !== policy.apiKey) {
    const detail = {
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'API_KEY_INVALID',
      domain: 'googleapis.com',
    };
    return { status: 400, body: geminiErrorBody(400, INVALID_API_KEY_MESSAGE, [detail]) };
  }
  if (policy.models && !policy.models.includes(input.route.model)) {
    const { model, apiVersion, method } = input.route;
    const message =
      `models/${model} is not found for API version ${apiVersion}, or is not supported for ${method}. ` +
      'Call ListModels to see the list of available models and their supported methods.';
    return { status: 404, body: geminiErrorBody(404, message) };
  }
  const body = input.parsed;
  if (body === undefined) {
    const message = `Invalid JSON payload received. Unexpected token in the request body: ${preview(input.raw)}`;
    return { status: 400, body: geminiErrorBody(400, message) };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    const message = `Invalid JSON payload received. Expected an object at the top level, got ${preview(input.raw)}.`;
    return { status: 400, body: geminiErrorBody(400, message) };
  }
  if (!policy.strict) return undefined;
  const refused = modelCapabilityProblems(input.route.model, body);
  if (refused.length > 0) return { status: 400, body: geminiErrorBody(400, refused[0]), problems: refused };
  const problems = requestProblems(body, { thinking: policy.thinking, signatures: policy.signatures });
  return problems.length > 0 ? { status: 400, body: invalidArgumentBody(problems), problems } : undefined;
}
