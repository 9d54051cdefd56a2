/** Issue 18: data-transfer (being built). */
export {};
