import { z } from 'zod';
import { objectIdSchema } from './validators.ts';

/**
 * The client waiver and the studio's policies (issue 11; spec §3 "waiver data with the waiver and a
 * term list whose items have a value", spec §4 "remove the waiver, delete a term by value").
 */
export const WAIVER_TEXT_MAX = 20_000;
export const WAIVER_TERMS_MAX = 20;

export const waiverTermSchema = z.object({
  /** The term's key (spec: "items have value"); made from the label when left out. */
  value: z
    .string()
    .trim()
    .max(60, { error: 'A term’s key is at most 60 characters' })
    .regex(/^[a-z0-9-]*$/, { error: 'A term’s key uses lower-case letters, digits and dashes' })
    .optional(),
  label: z
    .string({ error: 'Write what the client agrees to' })
    .trim()
    .min(3, { error: 'Write what the client agrees to' })
    .max(500, { error: 'A term is at most 500 characters' }),
});
export type WaiverTermInput = z.infer<typeof waiverTermSchema>;

export const waiverBody = z.object({
  title: z
    .string({ error: 'Give the waiver a title' })
    .trim()
    .min(1, { error: 'Give the waiver a title' })
    .max(120, { error: 'The title is at most 120 characters' }),
  text: z
    .string({ error: 'Write the waiver' })
    .trim()
    .min(20, { error: 'Write the waiver (at least a sentence)' })
    .max(WAIVER_TEXT_MAX, { error: `The waiver is at most ${WAIVER_TEXT_MAX.toLocaleString('en-US')} characters` }),
  terms: z.array(waiverTermSchema).max(WAIVER_TERMS_MAX, { error: `At most ${WAIVER_TERMS_MAX} terms` }),
  /**
   * True: every client signs this version before their next booking. False (a typo fixed): signatures
   * of the version before still count.
   */
  askToSignAgain: z.boolean({ error: 'Say whether clients must sign again' }),
});
export type WaiverBody = z.input<typeof waiverBody>;

export const waiverTermDto = z.object({ value: z.string(), label: z.string() });
export const waiverDto = z.object({
  id: z.string(),
  version: z.number().int(),
  title: z.string(),
  text: z.string(),
  terms: z.array(waiverTermDto),
  publishedAt: z.string(),
  /** Signatures of this version and later satisfy it (earlier ones when it did not ask to sign again). */
  signaturesFromVersion: z.number().int(),
});
export type WaiverDto = z.infer<typeof waiverDto>;

/** The admin's view: the current waiver (null when there is none) and how many clients have signed it. */
export const adminWaiverDto = z.object({
  waiver: waiverDto.nullable(),
  signedCount: z.number().int(),
  clientCount: z.number().int(),
});
export type AdminWaiverDto = z.infer<typeof adminWaiverDto>;

export const policiesBody = z.object({
  text: z
    .string({ error: 'Write the policies as text' })
    .trim()
    .max(WAIVER_TEXT_MAX, { error: `The policies are at most ${WAIVER_TEXT_MAX.toLocaleString('en-US')} characters` }),
});
export type PoliciesBody = z.input<typeof policiesBody>;
export const policiesDto = z.object({ text: z.string(), updatedAt: z.string().nullable() });
export type PoliciesDto = z.infer<typeof policiesDto>;

/** A signature drawn with pointer or keys: SVG path data in a 600×200 box (M and L commands). */
export const SIGNATURE_BOX = { width: 600, height: 200 } as const;
const svgPath = z
  .string()
  .max(60_000, { error: 'The signature is too detailed; clear it and sign again' })
  .regex(/^(?:[ML] ?-?\d{1,4}(?:\.\d{1,2})? -?\d{1,4}(?:\.\d{1,2})? ?)+$/, {
    error: 'Draw your signature in the box',
  });

export const signWaiverBody = z.object({
  waiverId: objectIdSchema,
  acceptedTerms: z.array(z.string().max(60)).max(WAIVER_TERMS_MAX),
  fullName: z
    .string({ error: 'Type your full name' })
    .trim()
    .min(2, { error: 'Type your full name' })
    .max(120, { error: 'Your name is at most 120 characters' }),
  /** Drawn (SVG path) or typed: the typed name is the signature (the keyboard alternative). */
  signature: z.discriminatedUnion(
    'kind',
    [z.object({ kind: z.literal('drawn'), path: svgPath }), z.object({ kind: z.literal('typed') })],
    { error: 'Sign by drawing or by typing your name' },
  ),
});
export type SignWaiverBody = z.input<typeof signWaiverBody>;

export const waiverSignatureDto = z.object({
  id: z.string(),
  waiverId: z.string(),
  version: z.number().int(),
  fullName: z.string(),
  kind: z.enum(['drawn', 'typed']),
  acceptedTerms: z.array(z.string()),
  signedAt: z.string(),
});
export type WaiverSignatureDto = z.infer<typeof waiverSignatureDto>;

/** What a client sees: the waiver, their latest signature, and whether they must sign (before booking). */
export const myWaiverDto = z.object({
  waiver: waiverDto.nullable(),
  signature: waiverSignatureDto.nullable(),
  mustSign: z.boolean(),
});
export type MyWaiverDto = z.infer<typeof myWaiverDto>;

export const waiverSignatureParams = z.object({ signatureId: objectIdSchema });
