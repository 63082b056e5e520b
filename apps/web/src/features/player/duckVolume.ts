/**
 * R128: a player's `duck(factor)` over its own volume: the first lowering reads the volume the viewer set (`read`,
 * answered at once or later, as an embedded player's SDK answers), plays at that × `factor`, and 1 puts it back. A
 * factor 1 that comes while the volume is still being read leaves it untouched.
 */
export function duckVolume(
  read: () => number | Promise<number>,
  write: (volume: number) => void,
): (factor: number) => void {
  /** The volume the viewer had set when the sound was lowered; null while it is not. */
  let before: number | null = null;
  let wanted = 1;
  let reading = false;
  const lower = (volume: number) => {
    reading = false;
    if (wanted >= 1 || before !== null) return;
    before = volume;
    write(volume * wanted);
  };
  return (factor) => {
    wanted = factor;
    if (factor >= 1) {
      if (before !== null) write(before);
      before = null;
      return;
    }
    if (before !== null) {
      write(before * factor);
      return;
    }
    if (reading) return;
    reading = true;
    const volume = read();
    if (typeof volume === 'number') lower(volume);
    else
      volume.then(lower, () => {
        reading = false;
      });
  };
}
