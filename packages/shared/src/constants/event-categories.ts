import { z } from 'zod';
import { toOptions } from './option.ts';

export const EVENT_CATEGORY_IDS = [
  'FitnessAndWellness',
  'ArtsAndCulture',
  'BoardMeeting',
  'Ceremonies',
  'CommunityEvents',
  'VolunteerEvents',
  'BusinessSupport',
  'ResidentSupport',
  'Tours',
] as const;

export const eventCategorySchema = z.enum(EVENT_CATEGORY_IDS);
export type EventCategory = z.infer<typeof eventCategorySchema>;

export const EVENT_CATEGORY_OPTIONS = toOptions<EventCategory>(EVENT_CATEGORY_IDS, {
  FitnessAndWellness: 'Fitness & Wellness',
  ArtsAndCulture: 'Arts & Culture',
  BoardMeeting: 'Board Meeting',
  Ceremonies: 'Ceremonies',
  CommunityEvents: 'Community Events',
  VolunteerEvents: 'Volunteer Events',
  BusinessSupport: 'Business Support',
  ResidentSupport: 'Resident Support',
  Tours: 'Tours',
});
