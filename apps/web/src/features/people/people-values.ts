import type { PersonBody, PersonDto } from '@kinetic/shared';

export interface PersonFormValues {
  name: string;
  email: string;
  phone: string;
  bio: string;
  photo: string | null;
  active: boolean;
}

/** The form edits text; a new person starts empty and active. */
export function toPersonFormValues(person?: PersonDto): PersonFormValues {
  return {
    name: person?.name ?? '',
    email: person?.email ?? '',
    phone: person?.phone ?? '',
    bio: person?.bio ?? '',
    photo: person?.photo ?? null,
    active: person?.active ?? true,
  };
}

/** What `POST` / `PUT /api/instructors` (and facilitators) take; empty text is sent as empty, the contract makes it null. */
export function toPersonBody(values: PersonFormValues): PersonBody {
  return {
    name: values.name,
    email: values.email.trim(),
    phone: values.phone,
    bio: values.bio,
    photo: values.photo,
    active: values.active,
  };
}
