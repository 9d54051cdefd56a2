import { variablesOf, type EmailTrigger, type EmailVariables } from './email-triggers.ts';

/**
 * The email template language (Settings › Email Settings). Deliberately small, so a studio cannot break
 * an email or reach anything it should not:
 *
 * - `{{class.name}}` — a named variable of the trigger (`variablesOf`); anything else is refused at save.
 * - `{{#if booking.cancelLink}} … {{/if}}` — kept only when the variable is not empty (may nest).
 * - `[Open the class]({{class.link}})` — a link: "Open the class: https://…" in the text part, an
 *   `<a>` with that text in the HTML part. The address must be a variable or an https/http/mailto URL.
 * - A blank line starts a new paragraph; a line starting with "- " is a list item.
 *
 * Nothing in a template is HTML: every character is escaped in the HTML part, so no script, style or
 * markup can be written. Templates are checked when saved (`checkTemplate`, errors name the line), so
 * rendering a saved template never fails at send time.
 */

export interface TemplateProblem {
  field: 'subject' | 'body';
  line: number;
  message: string;
}

type Node =
  | { kind: 'text'; value: string }
  | { kind: 'var'; name: string }
  | { kind: 'if'; name: string; children: Node[] };

// One linear pass per tag: what is between the braces is split in code, not by overlapping `\s*`/`*?`
// groups, whose backtracking took minutes on a 10,000-character body of "{{" and spaces (preview froze
// the server).
const TAG = /\{\{([^{}]*)\}\}/g;

/** `#if name`, `/if` or a variable's name, from what stands between `{{` and `}}`. */
function tagParts(inside: string): { keyword: '#if' | '/if' | undefined; name: string } {
  const trimmed = inside.trim();
  if (/^#if\s/.test(trimmed)) return { keyword: '#if', name: trimmed.slice(3).trim() };
  if (trimmed.startsWith('/if')) return { keyword: '/if', name: trimmed.slice(3).trim() };
  return { keyword: undefined, name: trimmed };
}
const NAME = /^[a-zA-Z]+\.[a-zA-Z]+$/;

class ParseError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

const lineAt = (source: string, index: number) => source.slice(0, index).split('\n').length;

function parse(source: string, allowed: ReadonlySet<string>): Node[] {
  const root: Node[] = [];
  const stack: { node: Extract<Node, { kind: 'if' }>; line: number }[] = [];
  const into = () => stack.at(-1)?.node.children ?? root;
  let last = 0;
  const pushText = (value: string, at: number) => {
    if (!value) return;
    const stray = value.search(/\{\{|\}\}/);
    if (stray >= 0)
      throw new ParseError(
        lineAt(source, at + stray),
        `“${value.slice(stray, stray + 2)}” is not part of a variable: write variables as {{group.name}}.`,
      );
    into().push({ kind: 'text', value });
  };
  for (const match of source.matchAll(TAG)) {
    const index = match.index ?? 0;
    pushText(source.slice(last, index), last);
    last = index + match[0].length;
    const line = lineAt(source, index);
    const { keyword, name } = tagParts(match[1] ?? '');
    if (keyword === '/if') {
      if (name) throw new ParseError(line, `Write {{/if}} alone to close a condition, not “${match[0]}”.`);
      if (!stack.pop())
        throw new ParseError(line, '{{/if}} closes nothing: there is no {{#if …}} open before it.');
      continue;
    }
    if (!NAME.test(name))
      throw new ParseError(
        line,
        `“${match[0]}” is not a variable: write variables as {{group.name}}, like {{client.firstName}}.`,
      );
    if (!allowed.has(name))
      throw new ParseError(
        line,
        `{{${name}}} is not a variable of this email. Use one of the variables listed beside the template.`,
      );
    if (keyword) {
      const node = { kind: 'if' as const, name, children: [] };
      into().push(node);
      stack.push({ node, line });
    } else into().push({ kind: 'var', name });
  }
  pushText(source.slice(last), last);
  const open = stack.pop();
  if (open)
    throw new ParseError(
      open.line,
      `{{#if ${open.node.name}}} is never closed: add {{/if}} after what it keeps.`,
    );
  return root;
}

/**
 * A variable's value is text, never template syntax: its brackets and parentheses stand in as private-use
 * characters while links are found, and come back afterwards. Otherwise a client who signs up as
 * "[Confirm your email](https://phish.example)" would get a real link into the studio's Welcome email,
 * sent to whatever address they typed.
 */
const SHIELDED = '[]()';
const shield = (value: string) =>
  value.replace(/[[\]()]/g, (char) => String.fromCharCode(0xe000 + SHIELDED.indexOf(char)));
const unshield = (value: string) =>
  value.replace(/[\ue000-\ue003]/g, (char) => SHIELDED.charAt(char.charCodeAt(0) - 0xe000));

/** Fills the variables in; an `if` whose variable is empty drops its contents (and the line it stood on). */
function fill(nodes: Node[], values: EmailVariables): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += node.value;
    else if (node.kind === 'var') out += shield(values[node.name] ?? '');
    else if ((values[node.name] ?? '').trim() !== '') out += fill(node.children, values);
  }
  return out;
}

/** An `{{#if}}` or `{{/if}}` alone on its line leaves no empty line behind. */
const tidyConditionLines = (source: string) =>
  source.replace(/^[ \t]*(\{\{\s*(?:#if\s+[^{}]*|\/if\s*)\}\})[ \t]*\n/gm, '$1');

/** Problems in a subject and body, each naming its line; empty when both are fine. */
export function checkTemplate(trigger: EmailTrigger, subject: string, body: string): TemplateProblem[] {
  const allowed = new Set(variablesOf(trigger));
  const problems: TemplateProblem[] = [];
  if (subject.trim() === '') problems.push({ field: 'subject', line: 1, message: 'Write a subject.' });
  else if (subject.includes('\n'))
    problems.push({ field: 'subject', line: 2, message: 'A subject is one line.' });
  else
    try {
      parse(subject, allowed);
    } catch (error) {
      if (!(error instanceof ParseError)) throw error;
      problems.push({ field: 'subject', line: error.line, message: error.message });
    }
  if (body.trim() === '') problems.push({ field: 'body', line: 1, message: 'Write the message.' });
  else
    try {
      // Lines are counted on what the studio wrote (rendering only drops a line break after a condition).
      parse(normaliseNewlines(body), allowed);
    } catch (error) {
      if (!(error instanceof ParseError)) throw error;
      problems.push({ field: 'body', line: error.line, message: error.message });
    }
  return problems;
}

/** Line breaks as \n whatever the browser or platform sent (\r\n, \r). */
export const normaliseNewlines = (value: string) => value.replace(/\r\n?/g, '\n');

export interface RenderedContent {
  subject: string;
  /** The plain-text part's body (without the layout's footer). */
  text: string;
  /** The HTML part's body: paragraphs, lists and links, every character of the template escaped. */
  html: string;
}

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const LINK = /\[([^\]\n]+)\]\(([^()\s]*)\)/g;
const SAFE_URL = /^(https?:\/\/|mailto:)/i;

function inlineHtml(line: string): string {
  let out = '';
  let last = 0;
  for (const match of line.matchAll(LINK)) {
    const index = match.index ?? 0;
    out += escapeHtml(line.slice(last, index));
    last = index + match[0].length;
    const [, label = '', url = ''] = match;
    out += SAFE_URL.test(url) ? `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>` : escapeHtml(label);
  }
  return out + escapeHtml(line.slice(last));
}

function inlineText(line: string): string {
  return line.replace(LINK, (_all, label: string, url: string) => (url ? `${label}: ${url}` : label));
}

/** Paragraphs (blank-line separated) of lines; lines starting "- " make a list. Empty paragraphs go. */
function blocks(filled: string): string[][] {
  return filled
    .split(/\n[ \t]*\n/)
    .map((block) => block.split('\n').filter((line) => line.trim() !== ''))
    .filter((lines) => lines.length > 0);
}

function blockHtml(lines: string[]): string {
  if (lines.every((line) => line.startsWith('- ')))
    return `<ul>${lines.map((line) => `<li>${inlineHtml(line.slice(2))}</li>`).join('')}</ul>`;
  return `<p>${lines.map(inlineHtml).join('<br>\n')}</p>`;
}

/**
 * Renders a checked template with the values (missing ones empty). Throws only for a template that
 * `checkTemplate` refuses, which is never saved.
 */
export function renderTemplate(
  trigger: EmailTrigger,
  template: { subject: string; body: string },
  values: EmailVariables,
): RenderedContent {
  const allowed = new Set(variablesOf(trigger));
  const subject = fill(parse(template.subject, allowed), values).replace(/\s+/g, ' ').trim();
  const filled = fill(parse(tidyConditionLines(normaliseNewlines(template.body)), allowed), values);
  const paragraphs = blocks(filled);
  return {
    subject: unshield(subject),
    text: unshield(paragraphs.map((lines) => lines.map(inlineText).join('\n')).join('\n\n')),
    html: unshield(paragraphs.map(blockHtml).join('\n')),
  };
}

/** How the studio's emails look and who they come from (Email Settings' top part). */
export interface EmailLayout {
  companyName: string;
  /** An absolute URL of the logo, or null for the name in text. */
  logoUrl: string | null;
  /** #rrggbb: the band at the top and the links (darkened when too light to read on white). */
  brandColour: string;
  /** The studio's footer: address and anything else, plain text. */
  footer: string;
  /** Where a client chooses their emails (client audience only); null for staff emails. */
  preferencesLink: string | null;
}

function luminance(hex: string): number {
  const channel = (index: number) => {
    const value = parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** Contrast of a colour against white (WCAG): links need 4.5. */
export const contrastOnWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

/** The brand colour for link text: itself when readable on white, else a dark blue that is. */
export const readableLinkColour = (hex: string) => (contrastOnWhite(hex) >= 4.5 ? hex : '#1c4fa1');

/** The whole message: the content inside the studio's layout, as text and as accessible HTML. */
export function wrapInLayout(
  content: RenderedContent,
  layout: EmailLayout,
): { subject: string; text: string; html: string } {
  const footerLines = layout.footer.trim() ? normaliseNewlines(layout.footer.trim()).split('\n') : [];
  const choose = layout.preferencesLink
    ? `You get this email because you have an account at ${layout.companyName}. Choose which emails you get (and unsubscribe from news and offers): ${layout.preferencesLink}`
    : null;
  const text = [
    content.text,
    ...(footerLines.length || choose ? ['--'] : []),
    ...footerLines,
    ...(choose ? ['', choose] : []),
  ]
    .join('\n')
    .replace(/\n--\n/, '\n\n--\n');
  const link = readableLinkColour(layout.brandColour);
  const header = layout.logoUrl
    ? `<img src="${escapeHtml(layout.logoUrl)}" alt="${escapeHtml(layout.companyName)}" height="48" style="height:48px;max-width:240px;border:0">`
    : `<span style="font-size:20px;font-weight:700;color:#1a1b1e">${escapeHtml(layout.companyName)}</span>`;
  const footerHtml = [
    ...footerLines.map((line) => escapeHtml(line)),
    ...(layout.preferencesLink
      ? [
          `You get this email because you have an account at ${escapeHtml(layout.companyName)}. <a href="${escapeHtml(layout.preferencesLink)}" style="color:${link}">Choose which emails you get</a> (and unsubscribe from news and offers).`,
        ]
      : []),
  ];
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.subject)}</title>
<style>a{color:${link}}</style>
</head>
<body style="margin:0;padding:0;background:#f1f3f5">
<div role="article" aria-roledescription="email" aria-label="${escapeHtml(content.subject)}" lang="en" style="max-width:600px;margin:0 auto;background:#ffffff;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#1a1b1e">
<div style="height:6px;background:${layout.brandColour}"></div>
<header style="padding:24px 24px 8px">${header}</header>
<main style="padding:0 24px 16px">
${content.html}
</main>
${
  footerHtml.length
    ? `<footer style="padding:16px 24px 24px;border-top:1px solid #dee2e6;font-size:13px;color:#495057">${footerHtml.map((line) => `<p style="margin:0 0 8px">${line}</p>`).join('')}</footer>`
    : ''
}
</div>
</body>
</html>`;
  return { subject: content.subject, text, html };
}
