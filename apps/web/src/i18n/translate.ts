import type { Messages } from './index.ts';

/** Every dotted path to a text in the messages, e.g. 'home.createRoom'; a typo is a type error. */
type Paths<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}` }[keyof T & string];
export type MessageKey = Paths<Messages>;

/** Values for the `{{name}}` placeholders of a text. */
export type MessageValues = Record<string, string | number | undefined>;

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/**
 * The text at `key` with its `{{name}}` placeholders filled (a value not given leaves an empty string, as
 * i18next did). Texts are inserted by React as text, never as HTML, so nothing is escaped here.
 */
export function translate(messages: Messages, key: MessageKey, values?: MessageValues): string {
  let text: unknown = messages;
  for (const part of key.split('.')) text = (text as Record<string, unknown> | undefined)?.[part];
  if (typeof text !== 'string') return key;
  return values ? text.replace(PLACEHOLDER, (_match, name: string) => String(values[name] ?? '')) : text;
}
