/** Issue 18: operations (being built). */
export {};
