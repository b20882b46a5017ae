// What Gemini accepts in function declarations, past which the API answers 400: the one place that states it, for
// core's renderers and Toolbox, gen-tools' checks, the Agent and the MCP bridge. @toolwright/testing (FakeGemini)
// keeps its own copy, as it imports nothing of ours; a test holds the two equal.

/** The longest function (tool) name Gemini takes. */
export const GEMINI_MAX_TOOL_NAME_LENGTH = 128;
/** A function name Gemini takes: a letter or `_`, then letters, digits, `_ . : -`; at most 128 characters. */
export const GEMINI_TOOL_NAME = new RegExp(`^[A-Za-z_][A-Za-z0-9_.:-]{0,${GEMINI_MAX_TOOL_NAME_LENGTH - 1}}$`);
/** Longer names than this are taken by Gemini but refused by other providers and MCP hosts. */
export const PORTABLE_TOOL_NAME_LENGTH = 64;
/** The longest parameter (top-level property) name Gemini takes. */
export const GEMINI_MAX_PARAMETER_NAME_LENGTH = 64;
/** A parameter name Gemini takes: a letter or `_`, then letters, digits, `_`; at most 64 characters. */
export const GEMINI_PARAMETER_NAME = new RegExp(`^[A-Za-z_][A-Za-z0-9_]{0,${GEMINI_MAX_PARAMETER_NAME_LENGTH - 1}}$`);
/** The most function declarations Gemini takes in one Tool (the Agent sends a request's in one Tool). */
export const GEMINI_MAX_TOOLS = 512;
