import { useState } from 'react';

interface Props {
  photoURL: string | null;
  displayName: string;
  email: string;
  className?: string;
}

/** First letters of the first and last words of the name ("Nguyễn Văn An" → "NA"), or of the email. */
export function initialsOf(displayName: string, email: string): string {
  const words = displayName.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letters = first ? `${first[0]}${last?.[0] ?? ''}` : (email[0] ?? '?');
  return letters.toLocaleUpperCase('vi');
}

/** The user's photo, or their initials when there is none or it fails to load. Decorative: callers label it. */
export function UserAvatar({ photoURL, displayName, email, className = 'size-9 text-sm' }: Props) {
  const [broken, setBroken] = useState(false);
  const base = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full ${className}`;
  if (photoURL && !broken) {
    return (
      <img
        src={photoURL}
        alt=""
        referrerPolicy="no-referrer"
        className={`${base} object-cover`}
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    // Drawn as generated content, like the photo it stands for: not text a control's name must contain (WCAG 2.5.3).
    <span
      aria-hidden="true"
      data-initials={initialsOf(displayName, email)}
      className={`${base} bg-violet-600 font-semibold text-white before:content-[attr(data-initials)]`}
    />
  );
}

/** The generic person glyph shown when nobody is signed in. */
export function UserIcon({ className = 'size-6' }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      aria-hidden="true"
    >
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" strokeLinecap="round" />
    </svg>
  );
}
