import type { PersonKind } from '@kinetic/shared';

/** What differs between the two people pages: the API path and the words. */
export interface PeopleKindText {
  kind: PersonKind;
  path: 'instructors' | 'facilitators';
  title: string;
  one: string;
  intro: string;
  empty: string;
}

export const PEOPLE_KINDS: Record<PersonKind, PeopleKindText> = {
  instructor: {
    kind: 'instructor',
    path: 'instructors',
    title: 'Instructors',
    one: 'instructor',
    intro: 'The people who teach your classes. Classes are scheduled with one of them.',
    empty: 'Add the instructors who teach your classes, so you can schedule classes with them.',
  },
  facilitator: {
    kind: 'facilitator',
    path: 'facilitators',
    title: 'Facilitators',
    one: 'facilitator',
    intro: 'The people who run your events, such as workshops and retreats.',
    empty: 'Add the facilitators who run your events, so you can name them on each event.',
  },
};
