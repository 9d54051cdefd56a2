import { z } from 'zod';
import { HOST_TYPES, ROLE_IDS } from './roles.ts';

export const roleIdSchema = z.enum(ROLE_IDS);
export const hostTypeSchema = z.enum(HOST_TYPES);
