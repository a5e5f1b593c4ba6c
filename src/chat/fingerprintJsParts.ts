// The four FingerprintJS exports the widget uses (see fingerprint.ts), as the module it imports on demand.
// A dynamic import of the package itself gives the whole namespace, so bundlers keep every export (its
// load(), confidence score and debug output: 1.2 kB gzip); importing them by name here lets them drop.
export { hashComponents, loadSources, prepareForSources, sources } from '@fingerprintjs/fingerprintjs';
