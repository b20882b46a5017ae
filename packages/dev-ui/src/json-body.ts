import type { IncomingMessage } from 'node:http';

/** A request body that is not what the API takes: answered with `status` and the message. */
export class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Reads a JSON object body of at most `limit` bytes (a larger one is refused before it is all read). */
export async function readJsonObject(request: IncomingMessage, limit: number): Promise<Record<string, unknown>> {
  const declared = Number(request.headers['content-length']);
  if (declared > limit) throw new BodyError(413, `The request body is larger than ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyError(413, `The request body is larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  let value: unknown;
  try {
    value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (error) {
    throw new BodyError(400, `The request body is not JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new BodyError(400, 'The request body must be a JSON object');
  return value as Record<string, unknown>;
}
