import { SIGNATURE_BOX } from '@kinetic/shared';

/**
 * The signed copy a client downloads: a small PDF 1.4 written by hand (text in the standard Helvetica
 * fonts, the drawn signature as PDF path operators), so no PDF library ships with the server.
 */
export interface SignedCopy {
  company: string;
  title: string;
  version: number;
  text: string;
  terms: { label: string; accepted: boolean }[];
  fullName: string;
  kind: 'drawn' | 'typed';
  path: string | null;
  signedAt: Date;
  ipAddress: string | null;
}

const PAGE = { width: 612, height: 792, margin: 56 };
const LINE = 15;
const CHARS_PER_LINE = 92;

/** Latin-1 for the standard fonts (WinAnsi); parentheses and backslashes escaped. */
function pdfText(value: string): string {
  const latin = value
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
  return latin.replace(/[\\()]/g, (match) => `\\${match}`);
}

export function wrap(text: string, width = CHARS_PER_LINE): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (word.length > width) {
        if (line) lines.push(line);
        for (let i = 0; i < word.length; i += width) lines.push(word.slice(i, i + width));
        line = '';
      } else if ((line ? `${line} ${word}` : word).length > width) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    lines.push(line);
  }
  return lines;
}

type Item = { kind: 'text'; font: 'F1' | 'F2' | 'F3'; size: number; text: string } | { kind: 'gap'; height: number } | { kind: 'signature'; path: string };

export function waiverPdf(copy: SignedCopy): Buffer {
  const items: Item[] = [];
  const say = (text: string, font: 'F1' | 'F2' | 'F3' = 'F1', size = 11) => {
    for (const line of wrap(text, Math.floor((CHARS_PER_LINE * 11) / size))) items.push({ kind: 'text', font, size, text: line });
  };
  say(copy.company, 'F2', 16);
  say(`${copy.title} (version ${copy.version})`, 'F2', 13);
  items.push({ kind: 'gap', height: 8 });
  say(copy.text);
  if (copy.terms.length > 0) {
    items.push({ kind: 'gap', height: 8 });
    say('Terms agreed:', 'F2');
    for (const term of copy.terms) say(`[${term.accepted ? 'x' : ' '}] ${term.label}`);
  }
  items.push({ kind: 'gap', height: 12 });
  say(`Signed by ${copy.fullName} on ${copy.signedAt.toISOString().replace('T', ' ').slice(0, 19)} UTC${copy.ipAddress ? ` from ${copy.ipAddress}` : ''}.`);
  if (copy.kind === 'drawn' && copy.path) items.push({ kind: 'signature', path: copy.path });
  else say(copy.fullName, 'F3', 20);

  // Lay out into pages.
  const pages: string[] = [];
  let ops: string[] = [];
  let y = PAGE.height - PAGE.margin;
  const newPage = () => {
    pages.push(ops.join('\n'));
    ops = [];
    y = PAGE.height - PAGE.margin;
  };
  const scale = (PAGE.width - 2 * PAGE.margin) / 2 / SIGNATURE_BOX.width;
  for (const item of items) {
    const height = item.kind === 'text' ? Math.max(LINE, item.size + 4) : item.kind === 'gap' ? item.height : SIGNATURE_BOX.height * scale + 10;
    if (y - height < PAGE.margin) newPage();
    if (item.kind === 'text') {
      y -= height;
      ops.push(`BT /${item.font} ${item.size} Tf ${PAGE.margin} ${y.toFixed(1)} Td (${pdfText(item.text)}) Tj ET`);
    } else if (item.kind === 'gap') y -= item.height;
    else {
      y -= height;
      const top = y + SIGNATURE_BOX.height * scale;
      const path = item.path.match(/[ML] ?-?[\d.]+ -?[\d.]+/g) ?? [];
      const strokes = path.map((command) => {
        const [x, yy] = command.slice(1).trim().split(' ').map(Number) as [number, number];
        return `${(PAGE.margin + x * scale).toFixed(2)} ${(top - yy * scale).toFixed(2)} ${command[0] === 'M' ? 'm' : 'l'}`;
      });
      ops.push(`q 1.2 w 0 0 0 RG 1 J 1 j ${strokes.join(' ')} S Q`);
      ops.push(`q 0.5 w 0.6 G ${PAGE.margin} ${y.toFixed(1)} m ${PAGE.margin + SIGNATURE_BOX.width * scale} ${y.toFixed(1)} l S Q`);
    }
  }
  newPage();

  // Objects: 1 catalog, 2 pages, 3-5 fonts, then a page and a content stream per page.
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 6 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Oblique /Encoding /WinAnsiEncoding >>';
  pages.forEach((content, index) => {
    const id = pageIds[index] ?? 0;
    objects[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R /F3 5 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
  });
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
