import { describe, expect, it, vi } from 'vitest';
import {
  ANONYMOUS_FINGERPRINT,
  createFingerprintSource,
  PAGE_TOUCHING_SOURCES,
  VISITOR_ID_STORAGE_KEY,
  type FingerprintImporter,
} from '../../src/chat/fingerprint.ts';

/** FingerprintJS's exports the widget uses; the hash is the components' names, so the test sees which ran. */
function fakeFingerprintJs() {
  const sources = { fonts: 'adds an iframe', canvas: 'reads a detached canvas', timezone: 'reads Intl' };
  const getComponents = vi.fn<() => Promise<Record<string, unknown>>>(async () => ({ canvas: { value: 1 }, timezone: { value: 'UTC' } }));
  type LoadSources = (sources: Record<string, unknown>, options: { cache: Record<string, unknown> }, exclude: readonly string[]) => typeof getComponents;
  const loadSources = vi.fn<LoadSources>(() => getComponents);
  const load = vi.fn<() => void>();
  const module = {
    sources,
    prepareForSources: async () => {},
    loadSources,
    hashComponents: (components: Record<string, unknown>) => `hash_of_${Object.keys(components).join('_')}`,
    load,
  };
  return { module, loadSources, getComponents, load };
}

describe('given FingerprintJS loads', () => {
  it('computes the visitor id once per page, without the sources that add elements to the page', async () => {
    const fake = fakeFingerprintJs();
    const importer = vi.fn<FingerprintImporter>(async () => fake.module);
    const source = createFingerprintSource(importer);

    source.start();
    expect(await source.get(1000)).toBe('hash_of_canvas_timezone');
    expect(await source.get(1000)).toBe('hash_of_canvas_timezone');

    expect(importer).toHaveBeenCalledTimes(1);
    expect(fake.loadSources).toHaveBeenCalledWith(fake.module.sources, { cache: {} }, PAGE_TOUCHING_SOURCES);
    expect(PAGE_TOUCHING_SOURCES).toEqual(['fonts', 'fontPreferences', 'domBlockers']);
    expect(fake.getComponents).toHaveBeenCalledTimes(1);
    // load() is FingerprintJS's way in that runs every source and may send a usage ping: never used.
    expect(fake.load).not.toHaveBeenCalled();
  });

  it('loads the real package through its dynamic import and adds nothing to the page', async () => {
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(document.documentElement, { attributes: true, childList: true, subtree: true });
    const visitorId = await createFingerprintSource().get(10_000);
    changes.push(...observer.takeRecords());
    observer.disconnect();
    // jsdom lacks canvas (FingerprintJS logs it and skips that source) but still yields a visitor id.
    expect(visitorId).toMatch(/^[0-9a-f]{32}$/);
    expect(changes).toEqual([]);
  });
});

describe("given a visitor id computed on an earlier page of the tab's session", () => {
  it('reuses it on the next page without running FingerprintJS again', async () => {
    const earlierPage = createFingerprintSource(async () => fakeFingerprintJs().module);
    expect(await earlierPage.get(1000)).toBe('hash_of_canvas_timezone');

    const importer = vi.fn<FingerprintImporter>(async () => fakeFingerprintJs().module);
    const nextPage = createFingerprintSource(importer);
    // No wait at all: a question asked right after opening carries it.
    expect(await nextPage.get(0)).toBe('hash_of_canvas_timezone');
    expect(importer).not.toHaveBeenCalled();
  });

  it('keeps no anonymous id: the next page tries FingerprintJS again', async () => {
    const blocked = createFingerprintSource(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(await blocked.get(1000)).toBe(ANONYMOUS_FINGERPRINT);
    expect(sessionStorage.getItem(VISITOR_ID_STORAGE_KEY)).toBeNull();

    const importer = vi.fn<FingerprintImporter>(async () => fakeFingerprintJs().module);
    expect(await createFingerprintSource(importer).get(1000)).toBe('hash_of_canvas_timezone');
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('computes it on each page when storage throws, and still answers', async () => {
    const throwing = {
      getItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
    };
    vi.stubGlobal('sessionStorage', throwing);
    const importer = vi.fn<FingerprintImporter>(async () => fakeFingerprintJs().module);
    expect(await createFingerprintSource(importer).get(1000)).toBe('hash_of_canvas_timezone');
    expect(await createFingerprintSource(importer).get(1000)).toBe('hash_of_canvas_timezone');
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('ignores a stored value that cannot be a visitor id', async () => {
    sessionStorage.setItem(VISITOR_ID_STORAGE_KEY, ANONYMOUS_FINGERPRINT);
    const importer = vi.fn<FingerprintImporter>(async () => fakeFingerprintJs().module);
    expect(await createFingerprintSource(importer).get(1000)).toBe('hash_of_canvas_timezone');
    expect(importer).toHaveBeenCalledTimes(1);
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
