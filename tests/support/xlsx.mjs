// A small XLSX reader for the suites (no dependency): an .xlsx is a zip of XML parts; this reads
// the zip's central directory, inflates the first sheet and the shared strings, and answers each
// row's cells as { type: 'n' | 's', value } (numbers as numbers, text as text).
import { inflateRawSync } from 'node:zlib';

/** The zip's entries by name, inflated. */
function unzip(buffer) {
  const end = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip file');
  const count = buffer.readUInt16LE(end + 10);
  let at = buffer.readUInt32LE(end + 16);
  const files = new Map();
  for (let i = 0; i < count; i++) {
    if (buffer.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const method = buffer.readUInt16LE(at + 10);
    const size = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const local = buffer.readUInt32LE(at + 42);
    const name = buffer.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const data = buffer.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(data) : data);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

const unescape = (text) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Column letters of a cell reference as a 0-based index: B7 → 1. */
function columnOf(reference) {
  const letters = reference.match(/^[A-Z]+/)[0];
  return [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
}

/** The first sheet's rows: each an array of { type, value } by column. */
export function readXlsx(buffer) {
  const files = unzip(Buffer.from(buffer));
  const shared = [];
  const strings = files.get('xl/sharedStrings.xml')?.toString('utf8') ?? '';
  for (const item of strings.matchAll(/<si>([\s\S]*?)<\/si>/g)) {
    shared.push(unescape([...item[1].matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join('')));
  }
  const sheet = files.get('xl/worksheets/sheet1.xml')?.toString('utf8');
  if (!sheet) throw new Error('no first sheet');
  const rows = [];
  for (const row of sheet.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)) {
    const cells = [];
    for (const cell of row[1].matchAll(/<c r="([A-Z]+)\d+"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const [, reference, attributes, inner = ''] = cell;
      const type = attributes.match(/t="(\w+)"/)?.[1] ?? 'n';
      const raw = inner.match(/<v>([\s\S]*?)<\/v>/)?.[1];
      const inline = inner.match(/<t[^>]*>([\s\S]*?)<\/t>/)?.[1];
      let value;
      if (type === 's') value = shared[Number(raw)];
      else if (type === 'inlineStr' || type === 'str') value = unescape(inline ?? raw ?? '');
      else value = raw === undefined ? undefined : Number(raw);
      cells[columnOf(reference)] = { type: type === 'n' ? 'n' : 's', value };
    }
    rows.push(cells);
  }
  return rows;
}
