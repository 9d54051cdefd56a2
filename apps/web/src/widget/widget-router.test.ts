import { afterEach, describe, expect, it, vi } from 'vitest';
import { isWidgetPath, matchWidgetRoute, navigate } from './widget-router.ts';
import { widgetClassLink, widgetEventPath, widgetLoginPath, widgetPackagesPath } from './widget-paths.ts';

const ID = '0123456789abcdef01234567';

describe('the widget router', () => {
  it('reads the schedule, a studio schedule and a class page from the address', () => {
    expect(matchWidgetRoute('/demo/widget')).toEqual({ page: 'schedule', company: 'demo', studioId: null });
    expect(matchWidgetRoute('/demo/widget/')).toEqual({ page: 'schedule', company: 'demo', studioId: null });
    expect(matchWidgetRoute(`/demo/widget/${ID}`)).toEqual({
      page: 'schedule',
      company: 'demo',
      studioId: ID,
    });
    expect(matchWidgetRoute('/demo/widget/a%20b')).toEqual({
      page: 'schedule',
      company: 'demo',
      studioId: 'a b',
    });
    expect(matchWidgetRoute(`/demo/widget/classes/details/${ID}`)).toEqual({
      page: 'class',
      company: 'demo',
      classInstanceId: ID,
    });
  });

  it('anything else is not a widget page', () => {
    expect(matchWidgetRoute('/demo/client/login').page).toBe('not-found');
    expect(matchWidgetRoute('/demo').page).toBe('not-found');
    expect(matchWidgetRoute('/demo/widget/classes/details').page).toBe('not-found');
    expect(matchWidgetRoute('/demo/widget/a/b/c/d').page).toBe('not-found');
    expect(matchWidgetRoute('/demo/widget/%E0%A4%A').page).toBe('not-found');
  });

  it('follows only the schedules in place: class pages and other pages load', () => {
    expect(isWidgetPath('/demo/widget?from=2026-12-01')).toBe(true);
    expect(isWidgetPath(`/demo/widget/${ID}`)).toBe(true);
    expect(isWidgetPath(`/demo/widget/classes/details/${ID}`)).toBe(false);
    expect(isWidgetPath('/demo/client/login')).toBe(false);
    expect(isWidgetPath('https://evil.example/demo/widget')).toBe(false);
  });
});

describe('navigate', () => {
  afterEach(() => {
    history.replaceState(null, '', '/');
    vi.restoreAllMocks();
  });

  it('moves between schedules without a page load, with a history entry or in place', () => {
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    history.replaceState(null, '', '/demo/widget');
    const length = history.length;
    navigate(`/demo/widget/${ID}`);
    expect(location.pathname).toBe(`/demo/widget/${ID}`);
    expect(history.length).toBe(length + 1);
    expect(scrolled).toHaveBeenCalledWith(0, 0);
    navigate(`/demo/widget/${ID}?from=2026-12-01`, { replace: true });
    expect(location.search).toBe('?from=2026-12-01');
    expect(history.length).toBe(length + 1);
  });
});

describe('the widget links to the main app', () => {
  it("uses the solo-client group for a solo instructor's clients, the client group otherwise", () => {
    expect(widgetClassLink('demo', 'company', ID)).toBe(`/demo/widget/classes/details/${ID}`);
    expect(widgetClassLink('jo', 'solo', ID)).toBe(`/jo/solo-client/client/app/classes/details/${ID}`);
    expect(widgetEventPath('demo', 'company', ID)).toBe(`/demo/client/client/app/event/book-event/${ID}`);
    expect(widgetEventPath('jo', 'solo', ID)).toBe(`/jo/solo-client/client/app/event/book-event/${ID}`);
    expect(widgetEventPath('jo', 'solo', ID, '/jo/widget')).toBe(
      `/jo/solo-client/client/app/event/book-event/${ID}?next=%2Fjo%2Fwidget`,
    );
    expect(widgetPackagesPath('jo', 'solo', '/jo/widget')).toBe(
      '/jo/solo-client/client/settings/packages?next=%2Fjo%2Fwidget',
    );
    expect(widgetLoginPath('demo', 'company', null, '/demo/widget')).toBe(
      '/demo/client/login?next=%2Fdemo%2Fwidget',
    );
    expect(widgetLoginPath('jo', 'solo', null, '/jo/widget')).toBe(
      '/jo/solo-client/client/app/login?next=%2Fjo%2Fwidget',
    );
    expect(widgetLoginPath('demo', 'company', ID, `/demo/widget/${ID}`)).toBe(
      `/demo/${ID}/client/login?next=%2Fdemo%2Fwidget%2F${ID}`,
    );
    expect(widgetPackagesPath('demo', 'company', '/demo/widget')).toBe(
      '/demo/client/client/settings/packages?next=%2Fdemo%2Fwidget',
    );
  });
});
