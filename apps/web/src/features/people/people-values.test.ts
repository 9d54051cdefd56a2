import { describe, expect, it } from 'vitest';
import { personBody, type PersonDto } from '@kinetic/shared';
import { toPersonBody, toPersonFormValues } from './people-values.ts';

const saved: PersonDto = {
  id: 'b'.repeat(24),
  name: 'Ana Ruiz',
  email: 'ana@example.com',
  phone: null,
  bio: null,
  photo: null,
  photoUrl: null,
  active: false,
  login: 'none',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('person form ↔ API', () => {
  it('starts a new person empty and active', () => {
    expect(toPersonFormValues()).toEqual({ name: '', email: '', phone: '', bio: '', photo: null, active: true });
  });

  it('shows missing details as empty text and keeps the active flag', () => {
    expect(toPersonFormValues(saved)).toMatchObject({ phone: '', bio: '', active: false });
  });

  it('sends empty details, which the contract stores as null', () => {
    const body = personBody.parse(toPersonBody(toPersonFormValues({ ...saved, email: null })));
    expect(body).toEqual({ name: 'Ana Ruiz', email: null, phone: null, bio: null, photo: null, active: false });
  });

  it('round-trips a saved person', () => {
    const body = personBody.parse(toPersonBody(toPersonFormValues(saved)));
    expect(body).toMatchObject({ name: saved.name, email: saved.email, active: false });
  });
});
