import { classTemplateBody, type ClassTemplateBody, type ClassTemplateDto } from '@kinetic/shared';
import { majorToMinor, minorToMajor } from './money.ts';

/** The form edits text and major units; the server takes minor units of the company currency. */
export interface ClassTemplateFormValues {
  name: string;
  description: string;
  durationMinutes: number | string;
  defaultCapacity: number | string;
  /** Major units (12.50), shown with the currency. */
  dropInPrice: number | string;
  colour: string;
  image: string | null;
  tags: string[];
}

export const DEFAULT_TEMPLATE_COLOUR = '#1c7ed6';

/** A new template starts as a common one-hour class; a saved one shows its values. */
export function toTemplateFormValues(template: ClassTemplateDto | undefined, currency: string): ClassTemplateFormValues {
  if (!template) {
    return {
      name: '',
      description: '',
      durationMinutes: 60,
      defaultCapacity: 20,
      dropInPrice: '',
      colour: DEFAULT_TEMPLATE_COLOUR,
      image: null,
      tags: [],
    };
  }
  return {
    name: template.name,
    description: template.description ?? '',
    durationMinutes: template.durationMinutes,
    defaultCapacity: template.defaultCapacity,
    dropInPrice: template.dropInPrice === 0 ? '' : minorToMajor(template.dropInPrice, template.currency || currency),
    colour: template.colour,
    image: template.image,
    tags: [...template.tags],
  };
}

/** What `POST` / `PUT /api/class-templates` take; the contract trims and validates it again. */
export function toTemplateBody(values: ClassTemplateFormValues, currency: string): ClassTemplateBody {
  return {
    name: values.name,
    description: values.description,
    durationMinutes: values.durationMinutes as ClassTemplateBody['durationMinutes'],
    defaultCapacity: values.defaultCapacity as ClassTemplateBody['defaultCapacity'],
    dropInPrice: majorToMinor(values.dropInPrice, currency) as ClassTemplateBody['dropInPrice'],
    colour: values.colour,
    image: values.image,
    tags: values.tags,
  };
}

/** Checks the body the server will get (price in minor units), with the contract's own messages. */
export function validateTemplateForm(values: ClassTemplateFormValues, currency: string): Record<string, string> {
  const result = classTemplateBody.safeParse(toTemplateBody(values, currency));
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}
