// The build (scripts/build.mjs) writes package.json's version in place of `__PACKAGE_VERSION__` in every built file,
// ES module and CommonJS alike, so the version is written once and holds in any bundle. Run from the sources (this
// repository's tests) there is no build, and the version says so.
declare const __PACKAGE_VERSION__: string | undefined;

/** This package's version, as package.json states it: what the MCP client and server tell the other side. */
export const PACKAGE_VERSION: string = typeof __PACKAGE_VERSION__ === 'string' ? __PACKAGE_VERSION__ : '0.0.0-source';
