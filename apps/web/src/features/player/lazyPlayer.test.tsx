import { render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPlayer } from './lazyPlayer.tsx';
import type { PlayerProps } from './MediaPlayer.tsx';
import type { PlayerEvent } from './types.ts';

const props = (events: PlayerEvent[]): PlayerProps => ({
  controls: false,
  muted: true,
  onAttach: () => {},
  onEvent: (event) => events.push(event),
});

describe('R79 lazyPlayer', () => {
  it('renders the player once its chunk has loaded', async () => {
    const Player = lazyPlayer(async () => () => <p>loaded player</p>);
    render(
      <Suspense fallback={null}>
        <Player {...props([])} />
      </Suspense>,
    );
    expect(await screen.findByText('loaded player')).toBeInTheDocument();
  });

  it('turns a chunk that cannot be fetched into a player error instead of an exception', async () => {
    const events: PlayerEvent[] = [];
    const Player = lazyPlayer<PlayerProps>(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    render(
      <Suspense fallback={null}>
        <Player {...props(events)} />
      </Suspense>,
    );
    await waitFor(() => expect(events).toEqual(['error']));
  });
});
