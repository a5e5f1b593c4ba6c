// The `fp` body field: the FingerprintJS visitor id, computed once per tab session off the critical path.
// FingerprintJS (MIT, @fingerprintjs/fingerprintjs 5) is imported dynamically so it never weighs on
// first paint, and anything that goes wrong (blocked by an ad blocker, turned off, slow) gives 'anonymous'.
// Its sources are loaded without the few that add elements to the host page's <body> (see
// PAGE_TOUCHING_SOURCES), so its `load()` (all sources, plus an optional usage ping) is not used.

export const ANONYMOUS_FINGERPRINT = 'anonymous';
/** How long a question may wait for a fingerprint that is still being computed. */
export const FINGERPRINT_WAIT_MS = 300;

/**
 * FingerprintJS sources that add elements to the page's <body>: an iframe to measure fonts (fonts,
 * fontPreferences) and probe elements for content blockers (domBlockers, Safari and Android). The
 * widget never touches the host page outside its own root, so the visitor id is made without them.
 */
export const PAGE_TOUCHING_SOURCES = ['fonts', 'fontPreferences', 'domBlockers'] as const;

/** The part of FingerprintJS used: what its `load()` does, with sources left out (exports of the 5.x package). */
interface FingerprintModule {
  sources: Record<string, unknown>;
  prepareForSources(): Promise<void>;
  loadSources(sources: Record<string, unknown>, options: { cache: Record<string, unknown>; debug?: boolean }, exclude: readonly string[]): () => Promise<Record<string, unknown>>;
  hashComponents(components: Record<string, unknown>): string;
}

export type FingerprintImporter = () => Promise<FingerprintModule>;

export interface FingerprintSource {
  /** Starts computing the visitor id (idempotent). */
  start(): void;
  /** The visitor id, waiting at most `maxWaitMs` for it; 'anonymous' when unavailable. */
  get(maxWaitMs?: number): Promise<string>;
}

const importFingerprintJs: FingerprintImporter = () => import('./fingerprintJsParts.ts');

/**
 * The visitor id is kept in sessionStorage for the tab's session: the docs' other pages reuse it instead of
 * running FingerprintJS again (a few long tasks on a slow phone), and a question asked there right after
 * opening carries it instead of 'anonymous'. Storage can throw (sandboxed iframes, privacy modes): then
 * each page computes it, as without storage.
 */
export const VISITOR_ID_STORAGE_KEY = 'docs-assistant:visitor-id';
const MAX_VISITOR_ID_LENGTH = 128;

function storedVisitorId(): string | null {
  try {
    const id = globalThis.sessionStorage?.getItem(VISITOR_ID_STORAGE_KEY);
    return id && id !== ANONYMOUS_FINGERPRINT && id.length <= MAX_VISITOR_ID_LENGTH ? id : null;
  } catch {
    return null;
  }
}

function storeVisitorId(id: string): void {
  try {
    globalThis.sessionStorage?.setItem(VISITOR_ID_STORAGE_KEY, id);
  } catch {
    // Not kept: the next page computes it again.
  }
}

async function computeVisitorId(importer: FingerprintImporter): Promise<string> {
  const fingerprintJs = await importer();
  // The delay FingerprintJS's load() waits for stable readings, then its built-in sources but those.
  await fingerprintJs.prepareForSources();
  const getComponents = fingerprintJs.loadSources(fingerprintJs.sources, { cache: {} }, PAGE_TOUCHING_SOURCES);
  const id = fingerprintJs.hashComponents(await getComponents());
  if (typeof id !== 'string' || id === '') return ANONYMOUS_FINGERPRINT;
  storeVisitorId(id);
  return id;
}

export function createFingerprintSource(importer: FingerprintImporter = importFingerprintJs): FingerprintSource {
  let visitorId: Promise<string> | undefined;

  const start = (): Promise<string> => {
    if (visitorId) return visitorId;
    const stored = storedVisitorId();
    visitorId = stored ? Promise.resolve(stored) : computeVisitorId(importer).catch(() => ANONYMOUS_FINGERPRINT);
    return visitorId;
  };

  return {
    start() {
      void start();
    },
    get(maxWaitMs = FINGERPRINT_WAIT_MS) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve(ANONYMOUS_FINGERPRINT), maxWaitMs);
      });
      return Promise.race([start(), timeout]).finally(() => clearTimeout(timer));
    },
  };
}

let pageFingerprint: FingerprintSource | undefined;

/** The page-wide source: every widget instance on the page shares one computation. */
export function getPageFingerprint(): FingerprintSource {
  pageFingerprint ??= createFingerprintSource();
  return pageFingerprint;
}

/** The source a widget uses: the page-wide one, or a constant 'anonymous' when the host turned it off. */
export function fingerprintSourceFor(enabled: boolean): FingerprintSource {
  if (enabled) return getPageFingerprint();
  return { start() {}, get: () => Promise.resolve(ANONYMOUS_FINGERPRINT) };
}

/** Runs `task` when the browser is idle (or soon, where requestIdleCallback is missing). */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 3000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}
