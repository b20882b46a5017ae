import type { SignaturePlacement } from './replies.js';
import type { ThoughtSignatureLedger } from './rules/thought-signatures.js';
import type { Part } from './wire.js';

export interface SigningContext {
  ledger: ThoughtSignatureLedger;
  /** Where calls get signatures when the reply does not say (a thinking fake: `first`). */
  placement: SignaturePlacement;
  /** Sign the last text part of a text-only reply, as thinking models do. */
  signText: boolean;
  /** Give calls without an id a server-made id. */
  ids: boolean;
  /** Used in server-made ids: `call-<requestIndex>-<n>`. */
  requestIndex: number;
}

/**
 * The parts a reply finally carries: ids filled in where asked, thought signatures added where the placement says,
 * and every signature (added or written by the script) recorded in the ledger with the call it came on.
 */
export function finalizeParts(parts: readonly Part[], context: SigningContext): Part[] {
  const result = parts.map((part) => structuredClone(part));
  context.ledger.beginReply();
  let callIndex = 0;
  for (const part of result) {
    const call = part.functionCall;
    if (!call) continue;
    if (context.ids && call.id === undefined) call.id = `call-${context.requestIndex}-${callIndex}`;
    const wanted = context.placement === 'each' || (context.placement === 'first' && callIndex === 0);
    if (part.thoughtSignature === undefined && wanted) part.thoughtSignature = context.ledger.issue(call, callIndex);
    else if (part.thoughtSignature !== undefined) context.ledger.record(part.thoughtSignature, call, callIndex);
    callIndex++;
  }
  for (const part of result) {
    if (!part.functionCall && part.thoughtSignature !== undefined) context.ledger.record(part.thoughtSignature, null);
  }
  const last = result[result.length - 1];
  if (
    context.signText &&
    callIndex === 0 &&
    last &&
    typeof last.text === 'string' &&
    last.thoughtSignature === undefined
  ) {
    last.thoughtSignature = context.ledger.issue(null);
  }
  return result;
}
