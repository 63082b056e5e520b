import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VideoThumbnail } from './VideoThumbnail.tsx';

const fallback = <span data-testid="tile">MP4</span>;

describe('VideoThumbnail', () => {
  it('shows the picture without sending the page as referrer', () => {
    const { container, queryByTestId } = render(
      <VideoThumbnail src="https://i.ytimg.com/vi/x/hq.jpg" fallback={fallback} />,
    );
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('src', 'https://i.ytimg.com/vi/x/hq.jpg');
    expect(img).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(queryByTestId('tile')).toBeNull();
  });

  it('shows the fallback instead of a broken picture when it fails to load, and tries a new picture again', () => {
    const { container, getByTestId, queryByTestId, rerender } = render(
      <VideoThumbnail src="https://blocked.example/a.jpg" fallback={fallback} />,
    );
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('img')).not.toBeVisible();
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://blocked.example/a.jpg');
    expect(getByTestId('tile')).toHaveTextContent('MP4');

    rerender(<VideoThumbnail src="https://i.ytimg.com/vi/y/hq.jpg" fallback={fallback} />);
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://i.ytimg.com/vi/y/hq.jpg');
    expect(container.querySelector('img')).toBeVisible();
    expect(queryByTestId('tile')).toBeNull();
  });

  it('shows the fallback when there is no picture, and an empty frame without one', () => {
    const { container, getByTestId, rerender } = render(<VideoThumbnail src="" fallback={fallback} />);
    expect(getByTestId('tile')).toBeInTheDocument();
    rerender(<VideoThumbnail src="" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.firstElementChild?.childElementCount).toBe(0);
  });
});
