import { type Person, shortGuestTag } from '@xemchung/protocol';
import { useTranslation } from '../../i18n/useTranslation.ts';

/** How a person is named everywhere in the room: their display name, or 'Khách' and their short tag (R51). */
export function usePersonName(): (person: Person) => string {
  const { t } = useTranslation();
  return (person) => person.name ?? t('people.guest', { tag: shortGuestTag(person) });
}
