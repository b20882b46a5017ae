/**
 * Every diagnostic gen-tools reports, under a stable code (as TypeScript's `TS2322`): `TW`, the stage that finds it
 * (1 program, 2 discover, 3 schema, 4 JSDoc and class-validator, 5 describe, 6 the tool set and the outputs), then
 * 0 for an error or 5 for a warning, then its number. A code keeps its meaning once released; a retired code is not
 * given again. A warning can be silenced by its code (`--ignore`); an error cannot: the run would write a wrong
 * manifest. The README's table of diagnostics lists the same codes (a test holds them equal).
 */
export const DIAGNOSTIC_CODES = {
  TW1001: { severity: 'error', about: "an error of the tsconfig (TypeScript's own message)" },
  TW1002: { severity: 'error', about: 'a syntax error in a file that may declare tools' },
  TW1501: { severity: 'warning', about: "a warning of the tsconfig (TypeScript's own message)" },

  TW2001: { severity: 'error', about: '`@tool` without parentheses: it is a decorator factory, `@tool()`' },
  TW2002: {
    severity: 'error',
    about: '`@tool()` on something that is not a method (a property, accessor, class, ...)',
  },
  TW2003: { severity: 'error', about: '`@tool()` twice on one method' },
  TW2004: { severity: 'error', about: '`@tool()` on a method whose name is `#private` or computed' },
  TW2005: { severity: 'error', about: '`@tool()` on a static method (tools are bound to instances)' },
  TW2006: { severity: 'error', about: '`@tool()` on a method without a body (an overload, an abstract method)' },
  TW2007: { severity: 'error', about: 'an unknown tool annotation in `@tool({ annotations })`' },
  TW2501: {
    severity: 'warning',
    about: 'a class with `@tool()` methods that the generated module cannot import: its tools are left out',
  },
  TW2502: { severity: 'warning', about: '`@tool()` options that are not an object literal' },
  TW2503: {
    severity: 'warning',
    about: 'a spread in `@tool()` options or annotations: only written-out properties are read',
  },
  TW2504: {
    severity: 'warning',
    about: 'a `parameters` option that is not a constant gen-tools can read (a zod schema)',
  },
  TW2505: { severity: 'warning', about: 'a `name` or `description` option that is not a string literal' },
  TW2506: { severity: 'warning', about: '`annotations`, or one of its values, that is not a literal' },

  TW3001: { severity: 'error', about: 'a type JSON cannot carry (a function, symbol, `void`, `Map`, a method, ...)' },
  TW3002: { severity: 'error', about: 'a type no value has (`never`)' },
  TW3003: { severity: 'error', about: 'an unresolved type parameter' },
  TW3004: { severity: 'error', about: 'a type TypeScript cannot resolve or compute (check its import)' },
  TW3005: { severity: 'error', about: 'a type nested deeper than gen-tools follows (a type that grows without end)' },
  TW3006: { severity: 'error', about: 'a tuple whose rest element is not last' },
  TW3007: { severity: 'error', about: 'a type that maps to no JSON type' },
  TW3501: { severity: 'warning', about: 'a string type whose letter case is not checked (`Uppercase<string>`)' },
  TW3502: {
    severity: 'warning',
    about: 'values (Date, URL, bigint, Set, classes) that cannot be revived where they are',
  },

  TW4501: { severity: 'warning', about: 'a JSDoc tag with a bad value (it is ignored)' },
  TW4502: { severity: 'warning', about: 'constraints no value can meet (a minimum above the maximum)' },
  TW4503: { severity: 'warning', about: 'a class-validator decorator that does not apply to the type, or is left out' },
  TW4504: { severity: 'warning', about: '`@param` naming no parameter of the method' },
  TW4505: { severity: 'warning', about: 'a constraint tag on a method that names no parameter' },
  TW4506: { severity: 'warning', about: '`@param a.b` naming no property of the parameter' },
  TW4507: { severity: 'warning', about: 'a JSDoc comment after `@tool()`, where TypeScript ignores it' },

  TW5001: { severity: 'error', about: 'a tool method with a type parameter' },
  TW5002: { severity: 'error', about: 'two parameters under one name' },
  TW5003: { severity: 'error', about: 'a rest parameter (`...args`)' },
  TW5004: { severity: 'error', about: 'a parameter name Gemini does not accept' },
  TW5005: { severity: 'error', about: 'a `parameters` option that does not describe an object' },
  TW5006: { severity: 'error', about: 'a `parameters` option with a pattern RE2 cannot test in linear time' },
  TW5501: { severity: 'warning', about: 'a tool without a description (no JSDoc, no `description` option)' },

  TW6001: { severity: 'error', about: 'a tool name Gemini does not accept' },
  TW6002: { severity: 'error', about: 'two tools under one name' },
  TW6003: { severity: 'error', about: 'more tools than `--max-tools` (default 512)' },
  TW6501: { severity: 'warning', about: 'a tool name longer than 64 characters (other providers refuse it)' },
  TW6502: { severity: 'warning', about: 'more than 512 tools: bind them in several Toolboxes' },
  TW6503: {
    severity: 'warning',
    about: 'a DTO class whose library (class-transformer, class-validator) is not installed',
  },
  TW6504: { severity: 'warning', about: "a compiler setting that leaves the decorators out of tsc's JavaScript" },
  TW6505: { severity: 'warning', about: 'class-validator decorators that need `experimentalDecorators`' },
  TW6506: { severity: 'warning', about: 'no `@tool()` method in the files of the tsconfig' },
} as const satisfies Record<string, { severity: 'error' | 'warning'; about: string }>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

/** The codes of the warnings (those `--ignore` takes). */
export type WarningCode = {
  [Code in DiagnosticCode]: (typeof DIAGNOSTIC_CODES)[Code]['severity'] extends 'warning' ? Code : never;
}[DiagnosticCode];

export function severityOf(code: DiagnosticCode): 'error' | 'warning' {
  return DIAGNOSTIC_CODES[code].severity;
}

export function isDiagnosticCode(code: string): code is DiagnosticCode {
  return Object.hasOwn(DIAGNOSTIC_CODES, code);
}
