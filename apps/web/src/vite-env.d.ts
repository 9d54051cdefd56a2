/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  /** Base of the dashboard address a solo instructor is sent to (spec §2); default: this site. */
  readonly VITE_DASHBOARD_BASE_URL?: string;
  /** Events page template with {company} and {classInstanceId}; default: the solo client's class page. */
  readonly VITE_EVENTS_PAGE_URL?: string;
}
