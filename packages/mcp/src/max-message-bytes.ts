/** The most bytes one message may take before it is parsed, by default (an HTTP body or SSE event, a stdio line). */
export const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
