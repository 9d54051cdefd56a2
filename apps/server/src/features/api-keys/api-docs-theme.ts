/**
 * The look of /api/docs (Swagger UI through @fastify/swagger-ui): its own stylesheet, served at
 * /api/docs/theme/kinetic.css. Swagger UI's default colours fail WCAG AA contrast (axe, at 360 and 1280
 * px): white on its method badges (GET 2.3:1, POST 2.0:1), the version stamps, the spec link, the
 * Authorize button. These shades keep each colour's hue at 4.5:1 or more. The top bar (a spec-URL box
 * without a label, a logo without alt text and an "Explore" button) is hidden: this page documents one API.
 * Deep links are off (API_DOCS_UI_CONFIG): each one was a link inside the operation's expand button
 * (axe nested-interactive: a screen reader cannot reach it) and a 14 px target.
 */
const css = `
.swagger-ui .topbar { display: none; }
.swagger-ui .info .title small pre { background: #5c636e; }
.swagger-ui .info .title small.version-stamp { background: #3f5a00; }
.swagger-ui .info .title small.version-stamp pre { background: #3f5a00; }
.swagger-ui .info a, .swagger-ui .info .link, .swagger-ui a.nostyle, .swagger-ui .info .url { color: #1f5fa8; }
.swagger-ui .btn.authorize { color: #1e6b45; border-color: #1e6b45; }
.swagger-ui .btn.authorize span { color: #1e6b45; }
.swagger-ui .btn.authorize svg { fill: #1e6b45; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1f65a3; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1e6b45; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a4500; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0b5c4e; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b3261e; }
.swagger-ui .opblock.opblock-head .opblock-summary-method,
.swagger-ui .opblock.opblock-options .opblock-summary-method { background: #5c636e; }
`;

export const API_DOCS_THEME = {
  title: 'Kinetic API',
  css: [{ filename: 'kinetic.css', content: css }],
};

export const API_DOCS_UI_CONFIG = { deepLinking: false };
