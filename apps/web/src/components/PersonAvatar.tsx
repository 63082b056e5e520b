import type { Person } from '@xemchung/protocol';
import { UserAvatar, UserIcon } from './UserAvatar.tsx';

interface Props {
  person: Person;
  /** Size and text size, e.g. `size-9 text-sm`. */
  className: string;
}

/** A person in a room: their photo or initials when signed in, the person glyph for a guest. Decorative. */
export function PersonAvatar({ person, className }: Props) {
  if (person.name === null) {
    return (
      <span
        aria-hidden="true"
        className={`inline-flex shrink-0 items-center justify-center rounded-full bg-neutral-700 text-neutral-300 ${className}`}
      >
        <UserIcon className="size-5" />
      </span>
    );
  }
  return <UserAvatar photoURL={person.photoURL} displayName={person.name} email="" className={className} />;
}
