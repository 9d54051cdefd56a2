/** Issue 18: dashboard (being built). */
export {};
