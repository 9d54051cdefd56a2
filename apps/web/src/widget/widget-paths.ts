/** The widget's own addresses: everything it opens stays under `/{company}/widget` (framable, see the server). */
export const widgetHome = (company: string) => `/${company}/widget`;
export const widgetClassPath = (company: string, classInstanceId: string) =>
  `/${company}/widget/classes/details/${classInstanceId}`;
