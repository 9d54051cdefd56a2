import { toOptions } from './option.ts';

/**
 * Spec §3's nine event categories with their labels, without zod: the public event pages name a
 * category without loading zod (its schema is in event-categories.ts).
 */
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

export type EventCategory = (typeof EVENT_CATEGORY_IDS)[number];

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
