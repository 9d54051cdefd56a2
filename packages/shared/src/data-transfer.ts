/** Issue 18: data-transfer — the client import's contracts (data-import.ts); the export adds its own. */
export * from './data-import.ts';
