// The `fp` body field: the FingerprintJS visitor id, computed once per page off the critical path.
// FingerprintJS (MIT, @fingerprintjs/fingerprintjs 5) is imported dynamically so it never weighs on
// first paint, and anything that goes wrong (blocked by an ad blocker, turned off, slow) gives 'anonymous'.

export const ANONYMOUS_FINGERPRINT = 'anonymous';
/** How long a question may wait for a fingerprint that is still being computed. */
export const FINGERPRINT_WAIT_MS = 300;

interface FingerprintModule {
  load(options: { monitoring?: boolean }): Promise<{ get(): Promise<{ visitorId: string }> }>;
}

export type FingerprintImporter = () => Promise<FingerprintModule | { default: FingerprintModule }>;

export interface FingerprintSource {
  /** Starts computing the visitor id (idempotent). */
  start(): void;
  /** The visitor id, waiting at most `maxWaitMs` for it; 'anonymous' when unavailable. */
  get(maxWaitMs?: number): Promise<string>;
}

const importFingerprintJs: FingerprintImporter = () => import('@fingerprintjs/fingerprintjs');

export function createFingerprintSource(importer: FingerprintImporter = importFingerprintJs): FingerprintSource {
  let visitorId: Promise<string> | undefined;

  const start = (): Promise<string> => {
    visitorId ??= importer()
      .then((loaded) => ('load' in loaded ? loaded : loaded.default))
      .then((fingerprintJs) => fingerprintJs.load({ monitoring: false }))
      .then((agent) => agent.get())
      .then((result) => (typeof result.visitorId === 'string' && result.visitorId !== '' ? result.visitorId : ANONYMOUS_FINGERPRINT))
      .catch(() => ANONYMOUS_FINGERPRINT);
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
