/** Issue 18: platform (being built). */
export {};
