import { describe, expect, it } from 'vitest';
import type { ClassTemplateDto } from '@kinetic/shared';
import { toTemplateBody, toTemplateFormValues, validateTemplateForm } from './class-template-values.ts';

const saved: ClassTemplateDto = {
  id: 'a'.repeat(24),
  name: 'Morning Yoga',
  description: null,
  durationMinutes: 60,
  defaultCapacity: 12,
  dropInPrice: 1550,
  currency: 'USD',
  colour: '#2b8a3e',
  image: null,
  imageUrl: null,
  tags: ['yoga'],
  archived: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('template form ↔ API', () => {
  it('shows a saved template with its price in major units', () => {
    expect(toTemplateFormValues(saved, 'USD')).toMatchObject({ description: '', dropInPrice: 15.5, tags: ['yoga'] });
  });

  it('shows a free template with an empty price', () => {
    expect(toTemplateFormValues({ ...saved, dropInPrice: 0 }, 'USD').dropInPrice).toBe('');
  });

  it('sends the price in minor units and the rest as typed', () => {
    const body = toTemplateBody({ ...toTemplateFormValues(saved, 'USD'), dropInPrice: 12.99 }, 'USD');
    expect(body).toMatchObject({ name: 'Morning Yoga', dropInPrice: 1299, durationMinutes: 60, colour: '#2b8a3e' });
  });

  it('round-trips a saved template', () => {
    const body = toTemplateBody(toTemplateFormValues(saved, 'USD'), 'USD');
    expect(body).toEqual({
      name: saved.name,
      description: '',
      durationMinutes: 60,
      defaultCapacity: 12,
      dropInPrice: 1550,
      colour: '#2b8a3e',
      image: null,
      tags: ['yoga'],
    });
  });

  it('accepts cents in the price but asks for whole minutes and a colour', () => {
    const values = { ...toTemplateFormValues(undefined, 'USD'), name: 'Spin', dropInPrice: 9.5 };
    expect(validateTemplateForm(values, 'USD')).toEqual({});
    const errors = validateTemplateForm({ ...values, durationMinutes: '', colour: 'red' }, 'USD');
    expect(errors.durationMinutes).toBe('Enter how many minutes the class lasts');
    expect(errors.colour).toBeTruthy();
  });
});
