/** Issue 18: api-keys (being built). */
export {};
