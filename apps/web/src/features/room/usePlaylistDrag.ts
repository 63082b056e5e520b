import { type DragEvent, type HTMLAttributes, useRef, useState } from 'react';

/** The type our drags carry, so a file or a link dropped on the list is not taken for a row. */
const ROW_TYPE = 'application/x-xemchung-row';

/**
 * Reordering the playlist by drag and drop with the browser's own HTML5 events (docs/decisions/022): a row dropped
 * on another takes that row's place (R60). The keyboard has the move buttons; this is the pointer's way.
 * `rowProps(id, index)` gives each row its handlers; `over` is the index a row hovers, for a drop marker.
 */
export function usePlaylistDrag(onDrop: (id: string, toIndex: number) => void) {
  const dragged = useRef<string | null>(null);
  const [over, setOver] = useState<number | null>(null);

  const rowProps = (id: string, index: number): HTMLAttributes<HTMLLIElement> & { 'data-drop'?: true } => ({
    draggable: true,
    'data-drop': over === index || undefined,
    onDragStart: (event: DragEvent<HTMLLIElement>) => {
      dragged.current = id;
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData(ROW_TYPE, id);
    },
    onDragOver: (event: DragEvent<HTMLLIElement>) => {
      if (!event.dataTransfer.types.includes(ROW_TYPE)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (over !== index) setOver(index);
    },
    onDragLeave: () => setOver((current) => (current === index ? null : current)),
    onDrop: (event: DragEvent<HTMLLIElement>) => {
      const from = event.dataTransfer.getData(ROW_TYPE) || dragged.current;
      event.preventDefault();
      setOver(null);
      dragged.current = null;
      if (from && from !== id) onDrop(from, index);
    },
    onDragEnd: () => {
      dragged.current = null;
      setOver(null);
    },
  });

  return { rowProps, over };
}
