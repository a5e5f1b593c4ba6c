import { describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_FINGERPRINT, createFingerprintSource, type FingerprintImporter } from '../../src/chat/fingerprint.ts';

function fakeFingerprintJs(visitorId: string) {
  const get = vi.fn<() => Promise<{ visitorId: string }>>(async () => ({ visitorId }));
  const load = vi.fn<(options: { monitoring?: boolean }) => Promise<{ get: typeof get }>>(async () => ({ get }));
  return { module: { load }, load, get };
}

describe('given FingerprintJS loads', () => {
  it('computes the visitor id once per page, with monitoring off', async () => {
    const fake = fakeFingerprintJs('visitor_123');
    const importer = vi.fn<FingerprintImporter>(async () => ({ default: fake.module }));
    const source = createFingerprintSource(importer);

    source.start();
    expect(await source.get(1000)).toBe('visitor_123');
    expect(await source.get(1000)).toBe('visitor_123');

    expect(importer).toHaveBeenCalledTimes(1);
    expect(fake.load).toHaveBeenCalledWith({ monitoring: false });
    expect(fake.get).toHaveBeenCalledTimes(1);
  });

  it('loads the real package through its dynamic import', async () => {
    const visitorId = await createFingerprintSource().get(10_000);
    // jsdom lacks canvas (FingerprintJS logs it and skips that source) but still yields a visitor id.
    expect(visitorId).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('given FingerprintJS cannot run', () => {
  it('answers anonymous when the import is blocked', async () => {
    const source = createFingerprintSource(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(await source.get(1000)).toBe(ANONYMOUS_FINGERPRINT);
  });

  it('answers anonymous for a question that comes before a slow fingerprint, without blocking it', async () => {
    const never = new Promise<never>(() => {});
    const source = createFingerprintSource(() => never);
    expect(await source.get(20)).toBe(ANONYMOUS_FINGERPRINT);
  });
});
