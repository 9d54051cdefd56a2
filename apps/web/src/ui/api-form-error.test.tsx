import { describe, expect, it } from 'vitest';
import { submitMessage } from './api-form-error.ts';

describe('the submit error above the button', () => {
  const values = { slug: 'acme', address: { city: 'Atlanta' } };

  it('is left out when a field of the form already says the same (a taken web address)', () => {
    const taken = 'This address is taken; choose another.';
    expect(submitMessage(taken, { slug: taken }, values)).toBeNull();
    expect(submitMessage('Bad city', { 'address.city': 'Bad city' }, values)).toBeNull();
  });

  it('is kept when it says something else, or the field it names is not on this form', () => {
    expect(submitMessage('Check the fields', { slug: 'Too short' }, values)).toBe('Check the fields');
    expect(submitMessage('Gone', { company: 'Gone' }, values)).toBe('Gone');
    expect(submitMessage('Gone', { company: 'Gone' }, undefined)).toBe('Gone');
  });
});
