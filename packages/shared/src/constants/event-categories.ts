import { z } from 'zod';
import { EVENT_CATEGORY_IDS } from './event-category-labels.ts';

// The ids and labels live in a zod-free module (the public event pages use them without zod).
export { EVENT_CATEGORY_IDS, EVENT_CATEGORY_OPTIONS, type EventCategory } from './event-category-labels.ts';

export const eventCategorySchema = z.enum(EVENT_CATEGORY_IDS);
