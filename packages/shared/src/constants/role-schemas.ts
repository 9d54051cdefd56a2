import { z } from 'zod';
import { ABILITIES } from './abilities.ts';
import { HOST_TYPES, ROLE_IDS } from './roles.ts';

export const roleIdSchema = z.enum(ROLE_IDS);
export const hostTypeSchema = z.enum(HOST_TYPES);

export const abilitySchema = z.enum(ABILITIES);
