/**
 * The slice of the Gemini REST wire format that FakeGemini reads and writes. These are the JSON shapes on the wire
 * (camelCase, as @google/genai sends them), declared here so the package depends on nothing at run time.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export interface FunctionCall {
  id?: string;
  name: string;
  args?: Record<string, unknown>;
}

export interface FunctionResponse {
  id?: string;
  name: string;
  response: Record<string, unknown>;
  /** Media returned beside the response (Gemini 3: an image a tool made, as inline data or a file). */
  parts?: Array<Pick<Part, 'inlineData' | 'fileData'>>;
  [other: string]: unknown;
}

export interface Part {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
  functionCall?: FunctionCall;
  functionResponse?: FunctionResponse;
  inlineData?: { mimeType: string; data: string };
  fileData?: { mimeType?: string; fileUri: string };
  [other: string]: unknown;
}

export interface Content {
  role?: string;
  parts: Part[];
}

export interface UsageMetadata {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  thoughtsTokenCount?: number;
  cachedContentTokenCount?: number;
  toolUsePromptTokenCount?: number;
  totalTokenCount?: number;
}

export interface Candidate {
  content: Partial<Content>;
  finishReason?: string;
  finishMessage?: string;
  index: number;
}

export interface GenerateContentResponse {
  candidates: Candidate[];
  usageMetadata?: UsageMetadata;
  modelVersion: string;
  responseId: string;
}

/** The request body of generateContent / streamGenerateContent, as far as FakeGemini reads it. */
export interface GenerateContentRequest {
  contents?: Content[];
  systemInstruction?: Content;
  tools?: Array<{ functionDeclarations?: FunctionDeclaration[]; [other: string]: unknown }>;
  toolConfig?: { functionCallingConfig?: { mode?: string; allowedFunctionNames?: string[] } };
  generationConfig?: Record<string, unknown>;
  [other: string]: unknown;
}

export interface FunctionDeclaration {
  name: string;
  description?: string;
  parameters?: Record<string, unknown>;
  parametersJsonSchema?: unknown;
  [other: string]: unknown;
}

/** The error body of every non-2xx answer of the Gemini API. */
export interface GeminiErrorBody {
  error: {
    code: number;
    message: string;
    status: string;
    details?: Array<Record<string, unknown>>;
  };
}
