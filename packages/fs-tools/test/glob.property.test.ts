// The glob matcher of list_files: the same answers as picomatch on ordinary patterns, bounded work on any pattern
// (counted in the matcher's steps, never timed), and clear refusals for what it does not accept.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import picomatch from 'picomatch';
import { compileGlob, MAX_GLOB_STATES, MAX_PATTERN_LENGTH } from '../src/glob.js';
import { SandboxError } from '../src/index.js';

// `.` and `..` are never names in a listing.
const name = fc.stringMatching(/^[ab.-]{1,3}$/).filter((text) => text !== '.' && text !== '..');
const path = fc.array(name, { minLength: 1, maxLength: 4 }).map((names) => names.join('/'));
// No `..` in words: picomatch reads it inside braces as a range even beside commas.
const word = fc.stringMatching(/^[ab.]{0,2}$/).filter((text) => text !== '..');
const nonEmptyWord = fc.stringMatching(/^[ab.]{1,2}$/).filter((text) => text !== '..');

/**
 * Pieces of one name: literals, wildcards, classes, groups of literals. Left out are the corners where picomatch
 * departs from POSIX globs or from itself: it reads `[!a]` as "`!` or `a`"; its negated classes, and wildcards
 * after a group, match a leading dot (POSIX: only a literal dot does; so here, see the dot-file test); it takes
 * `+(a|aa)` as plain text (its guard against backtracking), `..` in braces as a range even beside commas, and a `.`
 * after a POSIX class as any character.
 */
const atom = fc.oneof(
  nonEmptyWord,
  fc.constantFrom('*', '?', '[ab]', '[a-c]', 'a\\*'),
  fc.array(word, { minLength: 2, maxLength: 3 }).map((options) => `{${options.join(',')}}`),
  fc
    .tuple(nonEmptyWord, fc.array(nonEmptyWord, { minLength: 1, maxLength: 2 }))
    .map(([a, rest]) => `{${a},{${rest.join(',')}}}`),
  fc.uniqueArray(nonEmptyWord, { minLength: 1, maxLength: 3 }).map((options) => `@(${options.join('|')})`),
  fc
    .tuple(
      fc.constantFrom('?', '*', '+'),
      fc.uniqueArray(fc.constantFrom('a', 'b', '.', 'ab'), { minLength: 1, maxLength: 3 }),
    )
    .map(([kind, options]) => `${kind}(${options.join('|')})`),
);
/** Whether a dot-leading name meets a pattern with a group (where picomatch's dot rule is not POSIX's). */
const dotCorner = (glob: string, candidate: string, dot: boolean) =>
  !dot && /[{(]/.test(glob) && candidate.split('/').some((part) => part.startsWith('.'));
const segment = fc.oneof(
  { weight: 1, arbitrary: fc.constant('**') },
  // Each name ends in something that cannot be empty: picomatch lets `b/**/?(a)` match `b`.
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.array(atom, { maxLength: 3 }), fc.oneof(nonEmptyWord, fc.constantFrom('?', '[ab]')))
      .map(([atoms, last]) => atoms.join('') + last),
  },
);
const pattern = fc
  .array(segment, { minLength: 1, maxLength: 4 })
  .map((segments) => segments.join('/'))
  // picomatch reads `@(a)?` as an optional group rather than a group and one character, and with dot files lets a
  // `**` inside a name (`a**b`, which is `a*b`) cross folders.
  .filter((glob) => !/\)\?(?!\()/.test(glob) && glob.split('/').every((name) => name === '**' || !name.includes('**')));

describe('glob matcher', () => {
  it('answers as picomatch does on ordinary patterns, with and without dot files', () => {
    fc.assert(
      fc.property(pattern, fc.array(path, { minLength: 1, maxLength: 8 }), fc.boolean(), (glob, paths, dot) => {
        const ours = compileGlob(glob, { dot });
        const theirs = picomatch(glob, { dot });
        // picomatch lets `X/**` match X itself only when X is plain text (`a/**` matches `a`, `*/**` does not);
        // here it does for every X.
        const itself = glob.endsWith('/**') ? picomatch(glob.slice(0, -3), { dot }) : () => false;
        const expected = (candidate: string) => theirs(candidate) || itself(candidate);
        for (const candidate of paths) {
          if (dotCorner(glob, candidate, dot)) continue;
          expect([glob, candidate, ours.match(candidate)]).toEqual([glob, candidate, expected(candidate)]);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('agrees with picomatch on the forms the tool documents', () => {
    const cases: Array<[string, string[]]> = [
      ['**/*.ts', ['a.ts', 'src/a.ts', 'src/deep/b.ts', '.hidden/a.ts', 'src/.a.ts', 'a.tsx']],
      ['src/**', ['src', 'src/a', 'src/a/b', 'src/.git/x', 'srcx/a']],
      ['*.{ts,tsx}', ['a.ts', 'a.tsx', 'a.js', 'dir/a.ts']],
      ['docs/?.md', ['docs/a.md', 'docs/ab.md', 'docs/.md']],
      ['[[:digit:]]*[[:upper:]]', ['1aB', 'a1B', '12', '9Z']],
      ['[a-c]*.[^j]s', ['apple.ts', 'd.ts', 'b.js', 'c.cs']],
      ['+(a|b)@(c|d)?(e)*(f)', ['ac', 'abbdeff', 'ace', 'c', 'abdee']],
      ['a/**/b/*.md', ['a/b/x.md', 'a/x/y/b/z.md', 'a/.x/b/y.md']],
    ];
    for (const [glob, paths] of cases) {
      const ours = compileGlob(glob);
      const theirs = picomatch(glob);
      for (const candidate of paths) {
        expect([glob, candidate, ours.match(candidate)]).toEqual([glob, candidate, theirs(candidate)]);
      }
    }
  });

  it('stays right when the sets of states outgrow their cache (a pattern whose DFA has 2^14 states)', () => {
    const glob = '*a?????????????';
    const ours = compileGlob(glob);
    const theirs = picomatch(glob);
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[ab]{14,60}$/), { minLength: 50, maxLength: 50 }), (names) => {
        for (const name of names) expect([name, ours.match(name)]).toEqual([name, theirs(name)]);
      }),
      { numRuns: 20 },
    );
  });

  it('matches ranges by value and a leading ! as the inverse', () => {
    const range = compileGlob('log-{8..120}.txt');
    const names = ['log-7.txt', 'log-8.txt', 'log-99.txt', 'log-120.txt', 'log-121.txt', 'log-08.txt'];
    expect(names.filter((name) => range.match(name))).toEqual(['log-8.txt', 'log-99.txt', 'log-120.txt']);
    expect(compileGlob('{a..c}').match('b')).toBe(true);
    expect(['a.ts', 'a.js', '.ts'].filter((p) => compileGlob('*.[!j]s').match(p))).toEqual(['a.ts']);
  });

  it('lets only a literal dot match the dot that starts a name, unless dot files are asked for', () => {
    const names = ['.env', 'a/.git/config', 'x.ts', '.x.ts'];
    const listed = (glob: string, dot = false) => names.filter((name) => compileGlob(glob, { dot }).match(name));
    expect(listed('**')).toEqual(['x.ts']);
    expect(listed('**', true)).toEqual(names);
    expect(listed('[^a]*')).toEqual(['x.ts']);
    expect(listed('?(a)*.ts')).toEqual(['x.ts']);
    expect(listed('{,a}*')).toEqual(['x.ts']);
    expect(listed('.*')).toEqual(['.env', '.x.ts']);
    expect(listed('{.,}*.ts')).toEqual(['x.ts', '.x.ts']);
    expect(listed('*/.git/*')).toEqual(['a/.git/config']);
    expect(compileGlob('!*.md').match('a.ts')).toBe(true);
    expect(compileGlob('!*.md').match('a.md')).toBe(false);
  });

  it('matches whole numbers of any range exactly as their value says', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(100_000), fc.nat(200_000), (a, b, n) => {
        const glob = compileGlob(`{${a}..${b}}`);
        expect(glob.match(String(n))).toBe(n >= Math.min(a, b) && n <= Math.max(a, b));
      }),
      { numRuns: 500 },
    );
  });

  /** Patterns built to make backtracking matchers explode: nested quantified extglobs, many stars, deep braces. */
  const pathological = fc.oneof(
    fc.integer({ min: 1, max: 40 }).map((n) => `${'+(*)'.repeat(n)}x`),
    fc.integer({ min: 1, max: 8 }).map((depth) => `${'+('.repeat(depth)}*a${'|a*)'.repeat(depth)}b`),
    fc.integer({ min: 1, max: 60 }).map((n) => `${'*a'.repeat(n)}*b`),
    fc.integer({ min: 1, max: 60 }).map((n) => `${'**/'.repeat(n)}x`),
    fc.integer({ min: 1, max: 60 }).map((n) => '{a,b}'.repeat(n)),
    fc.integer({ min: 1, max: 30 }).map((n) => `${'{a,'.repeat(n)}b${'}'.repeat(n)}`),
    fc.integer({ min: 1, max: 30 }).map((n) => `${'*(a|*(a|'.repeat(n)}a${'))'.repeat(n)}x`),
    fc.integer({ min: 1, max: 12 }).map((n) => '{1..100000}'.repeat(n)),
    fc
      .array(fc.constantFrom('*', '?', '+(a|*)', '*(?)', '{a,*}', '[a-z]', '@(*|a*)', '**/'), { maxLength: 120 })
      .map((parts) => parts.join('')),
  );
  const longPath = fc.oneof(
    fc.integer({ min: 1, max: 3000 }).map((n) => 'a'.repeat(n)),
    fc.integer({ min: 1, max: 300 }).map((n) => `${'a/'.repeat(n)}ab`),
    fc.integer({ min: 1, max: 6 }).map((n) => '1234567890'.repeat(n)),
  );

  it('does bounded work on pathological patterns and long names: at most (4 x states + 1) x (length + 1) steps', () => {
    fc.assert(
      fc.property(pathological, longPath, (glob, candidate) => {
        const compiled = compileGlob(glob);
        expect(compiled.states).toBeLessThanOrEqual(MAX_GLOB_STATES);
        compiled.match(candidate);
        const length = Array.from(candidate).length;
        expect(compiled.steps).toBeLessThanOrEqual((4 * compiled.states + 1) * (length + 1));
        // Outside ranges, the automaton grows at most linearly with the pattern.
        if (!glob.includes('..')) expect(compiled.states).toBeLessThanOrEqual(8 * glob.length + 8);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses what it cannot match linearly or cannot read, with messages that say what to do', () => {
    const refused = (glob: string): string => {
      try {
        compileGlob(glob);
      } catch (error) {
        expect(error).toBeInstanceOf(SandboxError);
        expect((error as SandboxError).code).toBe('invalid_argument');
        return (error as SandboxError).message;
      }
      throw new Error(`accepted ${glob}`);
    };
    expect(refused('!(a|b)')).toMatch(/!\(\.\.\), which is not supported; describe the names to list instead/);
    expect(refused('x'.repeat(65_536))).toBe(
      `the pattern is 65536 characters long; the limit is ${MAX_PATTERN_LENGTH}. Use a shorter pattern`,
    );
    expect(refused('src/@(a|b')).toMatch(/unclosed "@\(" at character 5; close it with "\)"/);
    expect(refused('{a,b')).toMatch(/unclosed "\{" at character 1/);
    expect(refused('[z-a].ts')).toMatch(/reversed range "z-a"/);
    expect(refused('{1..9..2}')).toMatch(/without a step/);
    expect(refused('{100000000000001..899999999999998}'.repeat(29))).toMatch(/too complex/);
  });

  it('never throws anything but a SandboxError, whatever the pattern', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'*?[]{}()!@+|,.-/\\:^ab'), maxLength: 60 }),
        path,
        (glob, at) => {
          try {
            compileGlob(glob).match(at);
          } catch (error) {
            expect(error).toBeInstanceOf(SandboxError);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
