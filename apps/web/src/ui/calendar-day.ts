const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A studio-calendar date ("YYYY-MM-DD") as a locale writes it: read at noon UTC and written in UTC, so no
 * time zone moves it to another day. A locale the browser does not know falls back to en-US. Formats are
 * kept per locale and options (pages write dozens of dates a render).
 */
export function formatCalendarDay(date: string, locale: string, options: Intl.DateTimeFormatOptions): string {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    } catch {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    formats.set(key, format);
  }
  return format.format(new Date(`${date}T12:00:00Z`));
}
