// Which Restate SDK runs on which Node: 1.15 and later call Promise.withResolvers (Node 22+), and are known by the
// PauseError they export. The real SDKs on real Node binaries are tried in sdk-versions.test.ts.
import { describe, expect, it } from 'vitest';
import { checkSdkRuns } from '../src/sdk-support.js';

class PauseError extends Error {}

describe('checkSdkRuns', () => {
  it('refuses an SDK of 1.15 or later on Node 20, naming the versions that work', () => {
    expect(() => checkSdkRuns('20.20.2', { PauseError })).toThrow(
      /needs Node 22 or later, and this is Node 20\.20\.2.*@restatedev\/restate-sdk@1\.14\.5/,
    );
  });

  it('accepts that SDK on Node 22 and 24, and an older SDK on Node 20', () => {
    expect(() => checkSdkRuns('22.12.0', { PauseError })).not.toThrow();
    expect(() => checkSdkRuns('24.1.0', { PauseError })).not.toThrow();
    expect(() => checkSdkRuns('20.20.2', {})).not.toThrow();
  });

  it('accepts the SDK installed here, on the Node that runs the tests', () => {
    expect(() => checkSdkRuns()).not.toThrow();
  });
});
