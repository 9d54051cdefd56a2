import { z } from 'zod';
import { EVENT_CATEGORY_IDS } from './event-category-labels.ts';

// The ids and labels live in a zod-free module, exported from the package's index on their own: the public
// event page names them through the index without this module, which builds a schema, coming with them.

export const eventCategorySchema = z.enum(EVENT_CATEGORY_IDS);
