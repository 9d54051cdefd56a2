import { z } from 'zod';
import { addressDto } from './company.ts';

/** `GET /api/public/{company}`: the path names the company by its slug. */
export const publicCompanyParams = z.object({
  company: z.string().trim().min(1, 'Name the company').max(60, 'That is not a company address'),
});
export type PublicCompanyParams = z.infer<typeof publicCompanyParams>;

/**
 * What any visitor may see of a company: the name, logo and contact details its owner chose to show
 * ("What your clients see" on Company Details). Nothing else leaves the server.
 */
export const publicCompanyDto = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  kind: z.enum(['company', 'solo']),
  logoUrl: z.string().nullable(),
  /** How prices are written on the public pages (the company's locale). */
  locale: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: addressDto,
});
export type PublicCompanyDto = z.infer<typeof publicCompanyDto>;
