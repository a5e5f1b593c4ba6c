/** A readable refusal when `version` (process.versions.node) is older than the entry needs, else null. */
export declare function unsupportedNode(version: string, entry: 'compiled' | 'source'): string | null;
