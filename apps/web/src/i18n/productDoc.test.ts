import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vi } from './vi.ts';
import { viRoom } from './viRoom.ts';

/**
 * docs/product.md describes the product as it is, with the exact Vietnamese texts of the interface: every text of
 * vi.ts and viRoom.ts is quoted there, and every Vietnamese text it quotes is one the code has (in those two files,
 * or elsewhere in apps/: the server's pages and refusals, the legal pages). A placeholder ('{{name}}') stands for
 * whatever the page puts there: product.md writes it as '{name}' or as an example ('500').
 */

const ROOT = join(import.meta.dirname, '../../../..');
/** product.md as one line: a quoted text may be wrapped across lines there. */
const doc = readFileSync(join(ROOT, 'docs/product.md'), 'utf8').replace(/\s+/g, ' ');

function texts(node: unknown, path: string[] = []): Array<{ key: string; text: string }> {
  if (typeof node === 'string') return [{ key: path.join('.'), text: node }];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) => texts(value, [...path, key]));
}
const interfaceTexts = [...texts(vi), ...texts(viRoom)];

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A text as a pattern: its placeholders match anything (a '{name}' of the doc, an example number). */
const pattern = (text: string) => literal(text.replace(/\s+/g, ' ')).replace(/\\\{\\\{\w+\\\}\\\}/g, '.*?');

/** Every text product.md quotes in single quotes and that has a Vietnamese letter (English words are not texts). */
const quoted = [...doc.matchAll(/(?<=^|[\s(|])'([^']+?)'(?=[\s.,;:)|]|$)/g)]
  .map((match) => match[1] ?? '')
  .filter((text) => /[à-ỹđ]/i.test(text));

/** The source of apps/ (web and server), for the texts product.md quotes that are not in vi.ts or viRoom.ts. */
function sources(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx|html|css)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [readFileSync(path, 'utf8')] : [];
  });
}
const code = sources(join(ROOT, 'apps')).join('\n').replace(/\s+/g, ' ');

describe('docs/product.md and the interface texts', () => {
  it('quotes every text of vi.ts and viRoom.ts', () => {
    const missing = interfaceTexts
      .filter(({ text }) => !new RegExp(`'${pattern(text)}'`).test(doc))
      .map(({ key, text }) => `${key}: '${text}'`);
    expect(missing).toEqual([]);
  });

  it('quotes no Vietnamese text the code does not have', () => {
    expect(quoted.length, 'texts quoted in product.md').toBeGreaterThan(200);
    const known = interfaceTexts.map(({ text }) => new RegExp(`^${pattern(text)}$`));
    const unknown = quoted.filter((text) => {
      // An elided quote ('Chủ phòng chỉ cho … gửi tin nhắn. …') is checked by its parts.
      const parts = text
        .split(/ ?…(?= |$)/)
        .map((part) => part.trim())
        .filter(Boolean);
      return !parts.every(
        (part) =>
          known.some((text) => text.test(part)) ||
          interfaceTexts.some(({ text }) => text.includes(part)) ||
          code.includes(part) ||
          // A placeholder of the doc ('{title}') or an example ('60') where the code has '${title}' or '{{title}}'.
          new RegExp(
            literal(part)
              .replace(/\\\{\w+\\\}/g, '.*?')
              .replace(/\d+/g, '(?:\\d+|\\$\\{[^}]*\\}|\\{\\{\\w+\\}\\})'),
          ).test(code),
      );
    });
    expect(unknown).toEqual([]);
  });
});
