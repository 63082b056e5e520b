import { describe, expect, it } from 'vitest';
import { duckVolume } from './duckVolume.ts';

/** A player's volume, read at once or, like an embedded player's SDK, answered later. */
function player(volume: number, { later = false } = {}) {
  const written: number[] = [];
  let answer: (() => void) | null = null;
  const read = () => {
    if (!later) return volume;
    return new Promise<number>((resolve) => {
      answer = () => resolve(volume);
    });
  };
  const duck = duckVolume(read, (next) => {
    written.push(next);
    volume = next;
  });
  return { duck, written, answer: () => answer?.() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('duckVolume (R128)', () => {
  it('lowers to the factor of the volume the viewer set, and puts that volume back', () => {
    const { duck, written } = player(0.8);
    duck(0.3);
    duck(0.3);
    duck(1);
    expect(written).toEqual([0.8 * 0.3, 0.8 * 0.3, 0.8]);
  });

  it('reads an embedded player’s volume once, however many lowerings come meanwhile', async () => {
    const { duck, written, answer } = player(60, { later: true });
    duck(0.3);
    duck(0.3);
    answer();
    await settle();
    expect(written).toEqual([18]);
    duck(1);
    expect(written).toEqual([18, 60]);
  });

  it('leaves the volume as it was when the voices stop before the player answered', async () => {
    const { duck, written, answer } = player(60, { later: true });
    duck(0.3);
    duck(1);
    answer();
    await settle();
    expect(written).toEqual([]);
  });

  it('does nothing when nothing was lowered', () => {
    const { duck, written } = player(1);
    duck(1);
    expect(written).toEqual([]);
  });
});
