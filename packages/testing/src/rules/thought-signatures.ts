import { randomBytes } from 'node:crypto';
import { field, isJsonObject } from './fields.js';
import { at } from './messages.js';

/** The value the API documents for history it did not produce: it skips the signature check. */
export const SKIP_THOUGHT_SIGNATURE = 'skip_thought_signature_validator';

/**
 * The thought signatures a fake model issued, and which function call each one came on, so that the history a
 * client sends back can be checked: same signatures, on the same parts.
 */
export class ThoughtSignatureLedger {
  private readonly callBySignature = new Map<string, string | null>();
  private readonly signaturesByCall = new Map<string, Set<string>>();

  /** Creates a new signature (base64, as the API's) and records it for `call`, or for a text part when null. */
  issue(call: { name: string; id?: string; args?: unknown } | null): string {
    const signature = randomBytes(24).toString('base64');
    this.record(signature, call);
    return signature;
  }

  /** Records a signature a reply carries (one the script chose rather than one made by `issue`). */
  record(signature: string, call: { name: string; id?: string; args?: unknown } | null): void {
    const key = call ? callKey(call) : null;
    this.callBySignature.set(signature, key);
    if (key === null) return;
    const set = this.signaturesByCall.get(key) ?? new Set<string>();
    set.add(signature);
    this.signaturesByCall.set(key, set);
  }

  knows(signature: string): boolean {
    return this.callBySignature.has(signature);
  }

  /** The call a signature was issued on: its key, null for a text part, undefined when unknown. */
  callOf(signature: string): string | null | undefined {
    return this.callBySignature.get(signature);
  }

  signaturesOf(call: { name: string; id?: string; args?: unknown }): ReadonlySet<string> {
    return this.signaturesByCall.get(callKey(call)) ?? new Set();
  }

  get size(): number {
    return this.callBySignature.size;
  }
}

/** A stable identity for a function call: name, id and arguments, with object keys sorted. */
export function callKey(call: { name: string; id?: string; args?: unknown }): string {
  return stableJson({ name: call.name, id: call.id ?? null, args: call.args ?? {} });
}

/**
 * Problems a thinking model (Gemini 3) reports about thought signatures in the current turn (the model turns after
 * the last user content that is not only function responses): the first functionCall part of each model turn must
 * carry a signature, and with a `ledger`, every signature must be one the model issued, on the part it issued it on,
 * and every call it signed must come back with its signature.
 */
export function thoughtSignatureProblems(contents: unknown, ledger?: ThoughtSignatureLedger, path = 'contents'): string[] {
  if (!Array.isArray(contents)) return [];
  const problems: string[] = [];
  for (let i = currentTurnStart(contents); i < contents.length; i++) {
    const content = contents[i];
    if (!isJsonObject(content) || content.role !== 'model' || !Array.isArray(content.parts)) continue;
    let firstCall = true;
    content.parts.forEach((part, j) => {
      if (!isJsonObject(part)) return;
      const partPath = at(at(at(path, i), 'parts'), j);
      const signature = field(part, 'thoughtSignature');
      const call = field(part, 'functionCall');
      const isCall = isJsonObject(call) && typeof call.name === 'string';
      const callRef = isCall ? (call as { name: string; id?: string; args?: unknown }) : null;

      if (typeof signature === 'string' && signature !== SKIP_THOUGHT_SIGNATURE && ledger) {
        const issuedOn = ledger.callOf(signature);
        if (issuedOn === undefined) {
          problems.push(`Corrupted thought signature at '${partPath}.thought_signature': this model never issued it.`);
        } else if (issuedOn !== (callRef ? callKey(callRef) : null)) {
          problems.push(
            `Thought signature at '${partPath}.thought_signature' was issued on another part: send each part back exactly as received.`,
          );
        }
      }
      if (!callRef) return;
      const expected = ledger?.signaturesOf(callRef) ?? new Set<string>();
      const missing = signature === undefined && (firstCall || expected.size > 0);
      if (missing) {
        problems.push(
          `Function call is missing a thought_signature in functionCall parts at '${partPath}'. This is required for ` +
            'tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional ' +
            `data, function call \`default_api:${callRef.name}\` , position ${i + 1}.`,
        );
      }
      firstCall = false;
    });
  }
  return problems;
}

// The index after the last user content that holds anything but function responses.
function currentTurnStart(contents: unknown[]): number {
  for (let i = contents.length - 1; i >= 0; i--) {
    const content = contents[i];
    if (!isJsonObject(content) || content.role === 'model' || !Array.isArray(content.parts)) continue;
    const onlyResponses = content.parts.every((part) => isJsonObject(part) && field(part, 'functionResponse') !== undefined);
    if (!onlyResponses) return i + 1;
  }
  return 0;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (isJsonObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${stableJson(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
