import { randomBytes } from 'node:crypto';
import { field, isJsonObject } from './fields.js';
import { at } from './messages.js';

/** The value the API documents for history it did not produce: it skips the signature check. */
export const SKIP_THOUGHT_SIGNATURE = 'skip_thought_signature_validator';

type CallLike = { name: string; id?: string; args?: unknown };

/**
 * Where a signature was issued: in which reply, and on which part of it. Function calls are told apart by their
 * position among the reply's function calls (not by name, id and arguments: two identical parallel calls without ids
 * are two calls), and not by part index, since a streamed reply's text arrives split into more parts than it had.
 */
export interface SignatureSite {
  /** The reply (model turn) it came in, numbered by the ledger from 0. */
  reply: number;
  /** Its function call's position among the reply's function calls (0 = the first); null for a text part. */
  call: number | null;
  /** The call's identity (`callKey`), to notice a call sent back changed; null for a text part. */
  key: string | null;
}

/**
 * The thought signatures a fake model issued, and which part of which reply each one came on, so that the history a
 * client sends back can be checked: same signatures, on the same parts.
 */
export class ThoughtSignatureLedger {
  private readonly sitesBySignature = new Map<string, SignatureSite[]>();
  /** reply -> function call position -> signature. */
  private readonly signedCalls = new Map<number, Map<number, string>>();
  private currentReply = 0;
  private started = false;

  /** Starts a new reply: the signatures issued or recorded after this belong to it. Returns its number. */
  beginReply(): number {
    if (this.started) this.currentReply++;
    this.started = true;
    return this.currentReply;
  }

  /**
   * Creates a new signature (base64, as the API's) and records it for a function call of the current reply, or for
   * a text part when `call` is null. `position` is the call's position among the reply's function calls (default:
   * the one after the last call signed in this reply).
   */
  issue(call: CallLike | null, position?: number): string {
    const signature = randomBytes(24).toString('base64');
    this.record(signature, call, position);
    return signature;
  }

  /** Records a signature a reply carries (one the script chose rather than one made by `issue`). */
  record(signature: string, call: CallLike | null, position?: number): void {
    this.started = true;
    const signed = this.signedCalls.get(this.currentReply) ?? new Map<number, string>();
    const at = call === null ? null : (position ?? (signed.size ? Math.max(...signed.keys()) + 1 : 0));
    const site: SignatureSite = { reply: this.currentReply, call: at, key: call ? callKey(call) : null };
    const sites = this.sitesBySignature.get(signature) ?? [];
    sites.push(site);
    this.sitesBySignature.set(signature, sites);
    if (at === null) return;
    signed.set(at, signature);
    this.signedCalls.set(this.currentReply, signed);
  }

  knows(signature: string): boolean {
    return this.sitesBySignature.has(signature);
  }

  /** Where a signature was issued (more than one place when a script reused it); undefined when unknown. */
  sitesOf(signature: string): readonly SignatureSite[] | undefined {
    return this.sitesBySignature.get(signature);
  }

  /** The signatures of a reply's function calls, by the call's position among them. */
  signedCallsOf(reply: number): ReadonlyMap<number, string> {
    return this.signedCalls.get(reply) ?? new Map();
  }

  get size(): number {
    return this.sitesBySignature.size;
  }
}

/** A stable identity for a function call: name, id and arguments, with object keys sorted. */
export function callKey(call: { name: string; id?: string; args?: unknown }): string {
  return stableJson({ name: call.name, id: call.id ?? null, args: call.args ?? {} });
}

/**
 * Problems a thinking model (Gemini 3) reports about thought signatures in the current turn (the model turns after
 * the last user content that is not only function responses): the first functionCall part of each model turn must
 * carry a signature, and with a `ledger`, every signature must be one the model issued, on the part it issued it on
 * (a function call at the same position among the turn's calls, or a text part), and every call it signed must come
 * back with its signature.
 */
export function thoughtSignatureProblems(
  contents: unknown,
  ledger?: ThoughtSignatureLedger,
  path = 'contents',
): string[] {
  if (!Array.isArray(contents)) return [];
  const problems: string[] = [];
  for (let i = currentTurnStart(contents); i < contents.length; i++) {
    const content = contents[i];
    if (!isJsonObject(content) || content.role !== 'model' || !Array.isArray(content.parts)) continue;
    const parts = content.parts.map((part) => (isJsonObject(part) ? part : null));
    // The replies this turn's signatures came in: their signed calls must all come back signed.
    const replies = new Set<number>();
    for (const part of parts) {
      const signature = part ? field(part, 'thoughtSignature') : undefined;
      if (typeof signature === 'string') for (const site of ledger?.sitesOf(signature) ?? []) replies.add(site.reply);
    }
    let callPosition = 0;
    parts.forEach((part, j) => {
      if (!part) return;
      const partPath = at(at(at(path, i), 'parts'), j);
      const signature = field(part, 'thoughtSignature');
      const call = field(part, 'functionCall');
      const callRef = isJsonObject(call) && typeof call.name === 'string' ? (call as CallLike) : null;
      const position = callRef ? callPosition++ : null;

      if (typeof signature === 'string' && signature !== SKIP_THOUGHT_SIGNATURE && ledger) {
        const sites = ledger.sitesOf(signature);
        const key = callRef ? callKey(callRef) : null;
        if (sites === undefined) {
          problems.push(`Corrupted thought signature at '${partPath}.thought_signature': this model never issued it.`);
        } else if (!sites.some((site) => site.call === position && site.key === key)) {
          problems.push(
            `Thought signature at '${partPath}.thought_signature' was issued on another part: send each part ` +
              'back exactly as received.',
          );
        }
      }
      if (!callRef) return;
      const signedHere = [...replies].some((reply) => ledger?.signedCallsOf(reply).has(position!));
      if (signature === undefined && (position === 0 || signedHere)) {
        problems.push(
          `Function call is missing a thought_signature in functionCall parts at '${partPath}'. This is required for ` +
            'tools to work correctly, and missing thought_signature may lead to degraded model performance. ' +
            'Additional ' +
            `data, function call \`default_api:${callRef.name}\` , position ${i + 1}.`,
        );
      }
    });
  }
  return problems;
}

// The index after the last user content that holds anything but function responses.
function currentTurnStart(contents: unknown[]): number {
  for (let i = contents.length - 1; i >= 0; i--) {
    const content = contents[i];
    if (!isJsonObject(content) || content.role === 'model' || !Array.isArray(content.parts)) continue;
    const onlyResponses = content.parts.every(
      (part) => isJsonObject(part) && field(part, 'functionResponse') !== undefined,
    );
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
