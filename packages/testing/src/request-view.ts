import type { Route } from './routes.js';
import type {
  Content,
  FunctionCall,
  FunctionDeclaration,
  FunctionResponse,
  GenerateContentRequest,
  Part,
} from './wire.js';

/** What a handler (or a script entry that is a function) gets: the request, parsed, with helper views. */
export interface FakeRequest {
  /** Arrival order among all requests to this fake, from 0. */
  index: number;
  /** Order among the requests that reached the model (passed the rules), from 0: the script position. */
  turn: number;
  apiVersion: Route['apiVersion'];
  model: string;
  method: Route['method'];
  stream: boolean;
  headers: Record<string, string>;
  body: GenerateContentRequest;
  contents: Content[];
  /** The last content of `contents`: what the model is asked to answer. */
  lastContent: Content | undefined;
  /** The text parts of the last content, joined. */
  text: string;
  /** The text parts of `systemInstruction`, joined ('' without one). */
  systemText: string;
  /** The function responses the last content carries. */
  functionResponses: FunctionResponse[];
  /** The function calls of the model turn those responses answer (the content before the last). */
  answeredCalls: FunctionCall[];
  /** Every function declaration of every tool, in order. */
  functionDeclarations: FunctionDeclaration[];
  /** `toolConfig.functionCallingConfig.mode`, upper-cased; AUTO when unset. */
  toolMode: string;
}

export function viewRequest(
  body: GenerateContentRequest,
  route: Route,
  headers: Record<string, string>,
  index: number,
  turn: number,
): FakeRequest {
  // With `strict: false` the body may be anything: read it defensively.
  const contents = Array.isArray(body.contents) ? body.contents : [];
  const lastContent = contents[contents.length - 1];
  const parts = partsOf(lastContent);
  const previous = contents[contents.length - 2];
  const declarations = (Array.isArray(body.tools) ? body.tools : []).flatMap((tool) =>
    Array.isArray(tool?.functionDeclarations) ? tool.functionDeclarations : [],
  );
  const mode = body.toolConfig?.functionCallingConfig?.mode;
  return {
    index,
    turn,
    apiVersion: route.apiVersion,
    model: route.model,
    method: route.method,
    stream: route.method === 'streamGenerateContent',
    headers,
    body,
    contents,
    lastContent,
    text: parts.flatMap((p) => (typeof p.text === 'string' && !p.thought ? [p.text] : [])).join(''),
    systemText: partsOf(body.systemInstruction)
      .flatMap((p) => (typeof p.text === 'string' ? [p.text] : []))
      .join(''),
    functionResponses: parts.flatMap((p) => (p.functionResponse ? [p.functionResponse] : [])),
    answeredCalls:
      previous?.role === 'model' ? partsOf(previous).flatMap((p) => (p.functionCall ? [p.functionCall] : [])) : [],
    functionDeclarations: declarations,
    toolMode: typeof mode === 'string' && mode.toUpperCase() !== 'MODE_UNSPECIFIED' ? mode.toUpperCase() : 'AUTO',
  };
}

function partsOf(content: Content | undefined): Part[] {
  const parts = content?.parts;
  return Array.isArray(parts) ? parts.filter((p): p is Part => typeof p === 'object' && p !== null) : [];
}
