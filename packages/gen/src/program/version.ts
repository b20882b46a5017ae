/** The version of @toolwright/gen (kept equal to package.json by a test): part of the cache key. */
export const GEN_VERSION = '0.1.0';

/** Bumped whenever the cache's content or what gen-tools writes changes without a version change. */
export const CACHE_FORMAT = 3;
