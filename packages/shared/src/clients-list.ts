/** Issue 14: schemas and types of this area (filled in as it is built). */
export {};
