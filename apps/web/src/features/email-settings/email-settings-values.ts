import {
  EMAIL_TRIGGER_INFO,
  EMAIL_VARIABLE_GROUPS,
  variablesOf,
  type EmailSettingsBody,
  type EmailSettingsDto,
  type EmailTemplateDto,
  type EmailTrigger,
  type EmailTriggerInfo,
} from '@kinetic/shared';

/** The top card's fields, as the form holds them (numbers as typed). */
export interface EmailLookValues {
  senderName: string;
  replyTo: string;
  brandColour: string;
  showLogo: boolean;
  footer: string;
  renewalNoticeDays: number | string;
  expiryNoticeDays: number | string;
}

export const toLookValues = (settings: EmailSettingsDto): EmailLookValues => ({
  senderName: settings.senderName ?? '',
  replyTo: settings.replyTo ?? '',
  brandColour: settings.brandColour,
  showLogo: settings.showLogo,
  footer: settings.footer,
  renewalNoticeDays: settings.renewalNoticeDays,
  expiryNoticeDays: settings.expiryNoticeDays,
});

export const toLookBody = (values: EmailLookValues): EmailSettingsBody => ({
  senderName: values.senderName,
  replyTo: values.replyTo.trim(),
  brandColour: values.brandColour,
  showLogo: values.showLogo,
  footer: values.footer,
  renewalNoticeDays: values.renewalNoticeDays === '' ? null : Number(values.renewalNoticeDays),
  expiryNoticeDays: values.expiryNoticeDays === '' ? null : Number(values.expiryNoticeDays),
});

export interface TriggerSection {
  section: EmailTriggerInfo['section'];
  templates: (EmailTemplateDto & { info: EmailTriggerInfo })[];
}

/** The emails grouped by their section, in the order the registry lists them. */
export function sectionsOf(templates: readonly EmailTemplateDto[]): TriggerSection[] {
  const sections: TriggerSection[] = [];
  for (const template of templates) {
    const info: EmailTriggerInfo = EMAIL_TRIGGER_INFO[template.trigger];
    let section = sections.find((each) => each.section === info.section);
    if (!section) {
      section = { section: info.section, templates: [] };
      sections.push(section);
    }
    section.templates.push({ ...template, info });
  }
  return sections;
}

export const isTrigger = (value: string | undefined): value is EmailTrigger =>
  value !== undefined && Object.hasOwn(EMAIL_TRIGGER_INFO, value);

/** The variables an email may use, each with what it is and its sample, for the list beside the editor. */
export function variableList(trigger: EmailTrigger): { name: string; description: string; sample: string }[] {
  return variablesOf(trigger).map((name) => {
    const [group, key] = name.split('.') as [keyof typeof EMAIL_VARIABLE_GROUPS, string];
    const [description, sample] = (EMAIL_VARIABLE_GROUPS[group] as Record<string, readonly [string, string]>)[
      key
    ] ?? ['', ''];
    return { name, description, sample };
  });
}

/**
 * `{{name}}` put into `text` in place of the selection `[start, end)`; answers the new text and where
 * the cursor goes (just after what was put in).
 */
export function insertVariable(
  text: string,
  start: number,
  end: number,
  name: string,
): { text: string; cursor: number } {
  const token = `{{${name}}}`;
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + token + text.slice(to), cursor: from + token.length };
}

/**
 * The preview's document for the sandboxed frame: links open in a new tab rather than inside the frame.
 */
export const framedPreview = (html: string) => html.replace(/<head>/i, '<head>\n<base target="_blank">');

/** "6 hours before" / "1 day before" / "1 day and 2 hours before". */
export function hoursBefore(hours: number): string {
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const part = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
  if (days === 0) return `${part(rest, 'hour')} before`;
  return rest === 0 ? `${part(days, 'day')} before` : `${part(days, 'day')} and ${part(rest, 'hour')} before`;
}
