import { useEffect, useMemo, useRef, useState } from 'react';
import {
  formatMoney,
  setMoneyLocale,
  type ClassInstanceListDto,
  type PublicCompanyDto,
  type PublicAppointmentTypeListDto,
  type PublicEventDto,
  type WidgetStudioDto,
} from '@kinetic/shared';
import {
  deviceTimeZone,
  localDate,
  localTime,
  peopleLabel,
  placeLabel,
} from '../features/schedule/class-labels.ts';
import { addDays, placesLeftLabel, weekRange } from '../features/schedule/timetable-days.ts';
import { usePublicRead } from './widget-api.ts';
import { dayHeading, eventPlacesLabel, widgetDays, type WidgetItem } from './widget-days.ts';
import { widgetAppointmentsPath, widgetClassLink, widgetEventPath } from './widget-paths.ts';
import { navigate, useDocumentTitle } from './widget-router.ts';
import styles from './widget.module.css';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAYS = 7;

const shortDate = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** The time now, again every minute: a class that starts while the page is open leaves the list. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

interface ScheduleProps {
  company: string;
  studioId: string | null;
  /** The address's query (`from`: the first day shown). */
  search: string;
  /** The company's name, kind and locale; undefined until it has come. */
  brand: PublicCompanyDto | undefined;
}

/**
 * `/{company}/widget[/{widgetStudioId}]`: the studio's classes and events, seven days at a time, day by
 * day (a heading per day, a list of links). A class opens the widget's class page, an event the main
 * app's event page, both in the frame (the main app's pages: booking needs its forms).
 */
export function WidgetSchedule({ company, studioId, search, brand }: ScheduleProps) {
  const now = useNow();
  const today = localDate(now, deviceTimeZone());
  const fromParam = new URLSearchParams(search).get('from');
  const first = fromParam && DATE.test(fromParam) && fromParam > today ? fromParam : today;
  const range = useMemo(() => weekRange(first), [first]);
  const slug = encodeURIComponent(company);
  const classes = usePublicRead<ClassInstanceListDto>(
    `public/${slug}/class-instances?${new URLSearchParams({ from: range.from, to: range.to }).toString()}`,
    30_000,
  );
  const events = usePublicRead<{ items: PublicEventDto[] }>(`public/${slug}/events?pageSize=100`, 60_000);
  // Private sessions (issue 17): a link to the main app's booking page when the studio offers any.
  const privateSessions = usePublicRead<PublicAppointmentTypeListDto>(
    `public/${slug}/appointment-types`,
    60_000,
  );
  const studio = usePublicRead<WidgetStudioDto>(
    studioId ? `public/${slug}/studios/${encodeURIComponent(studioId)}` : null,
  );
  const days = useMemo(
    () =>
      widgetDays(classes.data?.items ?? [], events.data?.items ?? [], {
        first,
        count: DAYS,
        now,
        // A studio that is not the company's (or no longer exists): the company's whole schedule, as said.
        studioId: studio.state === 'failed' ? null : studioId,
      }),
    [classes.data, events.data, first, now, studioId, studio.state],
  );
  const here = `${location.pathname}${location.search}`;
  const studioName = studioId && studio.state === 'done' ? studio.data.name : null;
  useDocumentTitle(brand ? `Book at ${brand.name}` : 'Book a class or event');

  const earlier = useRef<HTMLButtonElement>(null);
  const later = useRef<HTMLButtonElement>(null);
  const goToWeek = (day: string) => {
    // Back at the first week "Earlier" is disabled: the keyboard moves on to "Later" instead of to nothing.
    if (day === today && document.activeElement === earlier.current) later.current?.focus();
    const params = new URLSearchParams(search);
    if (day === today) params.delete('from');
    else params.set('from', day);
    const query = params.toString();
    navigate(`${location.pathname}${query ? `?${query}` : ''}`, { replace: true });
  };

  const failed = classes.state === 'failed' ? classes.error : null;
  // Event links need the company's kind (its client group), which comes with its branding.
  const loading = classes.state === 'loading' || events.state === 'loading' || !brand;
  const last = addDays(first, DAYS - 1);

  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.title}>{studioName ? `Book at ${studioName}` : 'Book a class or event'}</h1>
      <p className={styles.muted}>Times are the studio’s local times. Open a class or an event to book it.</p>
      {brand && privateSessions.state === 'done' && privateSessions.data.items.length > 0 ? (
        <p>
          <a
            className={`${styles.button} ${styles.linkButton}`}
            href={widgetAppointmentsPath(company, brand.kind, here)}
          >
            Book a private session
          </a>
        </p>
      ) : null}
      {studio.state === 'failed' ? (
        <p role="alert" className={styles.alert}>
          {studio.error.message} Showing every studio’s classes.
        </p>
      ) : null}
      {events.state === 'failed' ? (
        <p role="alert" className={styles.alert}>
          Events could not be loaded: {events.error.message}
        </p>
      ) : null}
      <nav aria-label="Weeks" className={styles.weeks}>
        <button
          ref={earlier}
          type="button"
          className={styles.button}
          disabled={first <= today}
          onClick={() => goToWeek(addDays(first, -DAYS) < today ? today : addDays(first, -DAYS))}
        >
          <span aria-hidden="true">‹ </span>Earlier
        </button>
        <p className={styles.range} aria-live="polite">
          {shortDate(first)} – {shortDate(last)}
        </p>
        <button
          ref={later}
          type="button"
          className={styles.button}
          onClick={() => goToWeek(addDays(first, DAYS))}
        >
          Later<span aria-hidden="true"> ›</span>
        </button>
      </nav>
      {failed ? (
        <p role="alert" className={styles.alert}>
          The schedule could not be loaded: {failed.message}
        </p>
      ) : loading && days.length === 0 ? (
        <p role="status" className={styles.muted}>
          Loading the schedule…
        </p>
      ) : days.length === 0 ? (
        <p className={styles.empty}>
          Nothing is on from {shortDate(first)} to {shortDate(last)}. Try the next days with “Later”.
        </p>
      ) : (
        days.map((day) => (
          <section key={day.date} aria-labelledby={`day-${day.date}`} className={styles.day}>
            <h2 id={`day-${day.date}`} className={styles.dayHeading}>
              {dayHeading(day.date)}
            </h2>
            <ul className={styles.list}>
              {day.items.map((entry) => (
                <li key={entry.key}>
                  <ScheduleLink entry={entry} company={company} brand={brand} here={here} />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </main>
  );
}

function ScheduleLink({
  entry,
  company,
  brand,
  here,
}: {
  entry: WidgetItem;
  company: string;
  brand: PublicCompanyDto | undefined;
  here: string;
}) {
  const time = `${localTime(entry.startsAt, entry.timeZone)}–${localTime(entry.endsAt, entry.timeZone)}`;
  if (entry.kind === 'class') {
    const { item } = entry;
    return (
      <a
        className={styles.item}
        href={widgetClassLink(company, brand?.kind ?? 'company', item.id)}
        style={item.colour ? { borderInlineStartColor: item.colour } : undefined}
      >
        <span className={styles.time}>{time}</span>
        <span className={styles.main}>
          <span className={styles.name}>{item.templateName}</span>
          <span className={styles.meta}>
            {peopleLabel(item)} · {placeLabel(item)}
          </span>
        </span>
        <span className={styles.side}>{placesLeftLabel(item)}</span>
      </a>
    );
  }
  const { event } = entry;
  if (brand) setMoneyLocale(brand.locale);
  const price = event.price > 0 ? formatMoney(event.price, event.currency) : 'Free';
  const where = event.address ?? event.studioName;
  return (
    <a
      className={`${styles.item} ${styles.event}`}
      href={widgetEventPath(company, brand?.kind ?? 'company', event.id, here)}
    >
      <span className={styles.time}>{time}</span>
      <span className={styles.main}>
        <span className={styles.name}>
          <span className={styles.badge}>Event</span> {event.title}
        </span>
        <span className={styles.meta}>
          {where} · {price}
        </span>
      </span>
      <span className={styles.side}>{eventPlacesLabel(entry.placesLeft, event.waitlist)}</span>
    </a>
  );
}
