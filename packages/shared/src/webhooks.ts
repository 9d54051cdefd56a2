/** Issue 18: webhooks (being built). */
export {};
