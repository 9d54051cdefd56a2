/** Dates in the platform area: the platform user's own locale (no company's). */
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dayTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

export const formatDay = (iso: string | null, none = '—') => (iso ? day.format(new Date(iso)) : none);
export const formatDayTime = (iso: string | null, none = '—') => (iso ? dayTime.format(new Date(iso)) : none);
export const formatTime = (iso: string) => time.format(new Date(iso));

export const KIND_LABEL = { company: 'Company', solo: 'Solo instructor' } as const;
