// No zod here: the web app's first paint checks ids with these, and a module that builds a schema would
// bring zod along (see docs/architecture.md, "Client bundle and Lighthouse").

// Ids we generate are lowercase; either case is accepted because the spec only says "hexadecimal".
export const OBJECT_ID_PATTERN = /^[0-9a-fA-F]{24}$/;

export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID_PATTERN.test(value);
}
