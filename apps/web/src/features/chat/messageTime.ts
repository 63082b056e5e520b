/** The locale times are shown in: Vietnamese (R54), or British English for the English interface (24-hour too). */
export function timeLocale(language: string): string {
  return language.startsWith('en') ? 'en-GB' : 'vi-VN';
}

const formats = new Map<string, { time: Intl.DateTimeFormat; day: Intl.DateTimeFormat; full: Intl.DateTimeFormat }>();

function formatsFor(locale: string) {
  let found = formats.get(locale);
  if (!found) {
    found = {
      time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }),
      // Numeric rather than 2-digit: vi-VN writes the 2-digit form as '24-11', the numeric one as '24/11'.
      day: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'numeric' }),
      full: new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }),
    };
    formats.set(locale, found);
  }
  return found;
}

/** When a message was sent: '14:05' today, '24/11 14:05' another day, and the full date for a tooltip. */
export function messageTime(createdAt: number, locale: string, now = Date.now()) {
  const { time, day, full } = formatsFor(locale);
  const date = new Date(createdAt);
  const today = new Date(now).toDateString() === date.toDateString();
  return {
    short: today ? time.format(date) : `${day.format(date)} ${time.format(date)}`,
    full: full.format(date),
    iso: date.toISOString(),
  };
}
