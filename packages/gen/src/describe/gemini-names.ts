// Limits of the Gemini API on function declarations (see the shared reference notes on declarations).

/** A function name Gemini accepts: a letter or `_`, then letters, digits, `_ . : -`; at most 128 characters. */
export const GEMINI_TOOL_NAME = /^[A-Za-z_][A-Za-z0-9_.:-]{0,127}$/;
/** Longer names than this are accepted by Gemini but rejected by other providers. */
export const PORTABLE_TOOL_NAME_LENGTH = 64;
/** A parameter (property) name Gemini accepts: a letter or `_`, then letters, digits, `_`; at most 64 characters. */
export const GEMINI_PARAMETER_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** At most this many function declarations fit in one Gemini `Tool`. */
export const GEMINI_MAX_TOOLS = 512;
