// The types of stale-build.mjs (a plain script, run by build.mjs without a compile), for its test.
export declare const CLI_BUNDLE: string;
export declare function builtMarkers(name: string): string[];
export declare function isStale(dir: string, name: string): boolean;
