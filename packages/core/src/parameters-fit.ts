/**
 * The compile-time half of the manifest's drift check: gen-tools' TS module states, per tool, the parameter list it
 * described (each type widened to what the method may narrow: `string` for a branded or template literal string,
 * `object` for a class) and checks the method against it. Nothing of this is emitted as code.
 */

/** `true` when two tuples take the same numbers of elements (optional ones included). */
type SameArity<A extends readonly unknown[], B extends readonly unknown[]> = [A['length']] extends [B['length']]
  ? [B['length']] extends [A['length']]
    ? true
    : false
  : false;

/**
 * `true` when `Method` takes as many parameters as `Described`, optional where they are, each of a type within the
 * described one and taking at least the types of `Accepted` (by default `Described` itself); else a message that
 * names the tool. A parameter inserted, removed, reordered with one of another type, or retyped, fails. A rename or
 * a reorder of same-typed parameters does not: the Toolbox catches those when it binds, from the method's source text.
 */
export type ParametersFit<
  Tool extends string,
  Method,
  Described extends readonly unknown[],
  Accepted extends readonly unknown[] = Described,
> = Method extends (...args: infer Actual) => unknown
  ? SameArity<Actual, Described> extends true
    ? Actual extends Described
      ? Accepted extends Actual
        ? true
        : Stale<Tool>
      : Stale<Tool>
    : Stale<Tool>
  : `${Tool}: the manifest's method is not a method any more: run gen-tools`;

type Stale<Tool extends string> = `${Tool}: the method's parameters no longer fit the manifest: run gen-tools`;

/** Fails to compile (TS2344, showing the message) unless given `true`. */
export type FitsManifest<Check extends true> = Check;
