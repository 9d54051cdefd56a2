import { useEffect } from 'react';
import { COOKIE, type PublicCompanyDto } from '@kinetic/shared';
import { readCookie } from '../api/cookies.ts';
import { usePublicRead } from './widget-api.ts';
import { widgetLoginPath } from './widget-paths.ts';
import { navigate, matchWidgetRoute, useDocumentTitle, useWidgetHref } from './widget-router.ts';
import { WidgetSchedule } from './widget-schedule.tsx';
import styles from './widget.module.css';

/**
 * The widget entry's one component: the company's name and logo over the page its address names. A class
 * address is the main app's page (the server sends `index.html` for it), so reaching one here (a stale
 * history entry) loads it.
 */
export function WidgetApp() {
  const href = useWidgetHref();
  const url = new URL(href, location.origin);
  const route = matchWidgetRoute(url.pathname);
  const company = route.company;
  const brand = usePublicRead<PublicCompanyDto>(company ? `public/${encodeURIComponent(company)}` : null);
  useEffect(() => {
    if (route.page === 'class') navigate(href, { replace: true });
  }, [route.page, href]);

  // A suspended company (issue 18 §2): the server's 403 says the business is unavailable.
  if (brand.state === 'failed' && brand.error.statusCode === 403) return <Unavailable message={brand.error.message} />;
  if (route.page !== 'schedule' || brand.state === 'failed') {
    return (
      <NotFound
        message={
          brand.state === 'failed' && brand.error.statusCode !== 404
            ? `The booking page could not be loaded: ${brand.error.message}`
            : undefined
        }
      />
    );
  }
  return (
    <>
      {brand.state === 'done' ? (
        <Brand company={brand.data} studioId={route.studioId} here={`${url.pathname}${url.search}`} />
      ) : (
        <div className={styles.brand} aria-hidden="true" />
      )}
      <WidgetSchedule
        company={route.company}
        studioId={route.studioId}
        search={url.search}
        brand={brand.state === 'done' ? brand.data : undefined}
      />
    </>
  );
}

/** The company's logo and name, and "Log in" for a visitor who is not (the session cookie is readable here). */
function Brand({
  company,
  studioId,
  here,
}: {
  company: PublicCompanyDto;
  studioId: string | null;
  here: string;
}) {
  const signedIn = Boolean(readCookie(COOKIE.token));
  return (
    <header className={styles.brand}>
      {company.logoUrl ? <img src={company.logoUrl} alt="" /> : null}
      <span className={styles.brandName}>{company.name}</span>
      {signedIn ? null : (
        <a className={styles.link} href={widgetLoginPath(company.slug, company.kind, studioId, here)}>
          Log in
        </a>
      )}
    </header>
  );
}

function Unavailable({ message }: { message: string }) {
  useDocumentTitle('Unavailable');
  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.title}>{message}</h1>
      <p>Bookings are closed for now. Please try again later.</p>
    </main>
  );
}

function NotFound({ message }: { message?: string | undefined }) {
  useDocumentTitle('Booking page not found');
  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.title}>This booking page could not be found</h1>
      <p role="alert">{message ?? 'Check the address, or ask the studio for its booking link.'}</p>
    </main>
  );
}
