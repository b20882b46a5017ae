/**
 * The compile-time half of the manifest's drift check: gen-tools' TS module states, per tool, the parameter list it
 * described (each type widened to what the method may narrow: `string` for a branded or template literal string,
 * `object` for a class) and checks the method against it. Nothing of this is emitted as code.
 *
 * Its cost is the user's `tsc` time (scripts/bench/drift-check-cost.ts): one conditional type per tool, and tuples
 * without labels, which share their tuple type's shape across tools where labelled ones would make one each.
 */

/**
 * `true` when `Method` takes as many parameters as `Described`, optional where they are, each of a type within the
 * described one and taking at least the types of `Accepted` (by default `Described` itself); else a message that
 * names the tool. A parameter inserted, removed, reordered with one of another type, or retyped, fails. A rename or
 * a reorder of same-typed parameters does not: the Toolbox catches those when it binds, from the method's source text.
 *
 * The two relations also fix the count: `Accepted` has `Described`'s elements, required and optional alike, and a
 * tuple is assignable to another only if it has no more elements than that one and each element the target requires
 * is required in the source too. So an optional parameter inserted at the end, or removed, fails as well.
 */
export type ParametersFit<
  Tool extends string,
  Method,
  Described extends readonly unknown[],
  Accepted extends readonly unknown[] = Described,
> = Method extends (...args: infer Actual) => unknown
  ? Actual extends Described
    ? Accepted extends Actual
      ? true
      : Stale<Tool>
    : Stale<Tool>
  : `${Tool}: the manifest's method is not a method any more: run gen-tools`;

type Stale<Tool extends string> = `${Tool}: the method's parameters no longer fit the manifest: run gen-tools`;

/** Fails to compile (TS2344, showing the message) unless given `true`. */
export type FitsManifest<Check extends true> = Check;
