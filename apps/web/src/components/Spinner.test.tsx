import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SearchIcon } from './SearchIcon.tsx';
import { Spinner } from './Spinner.tsx';

describe('Spinner', () => {
  it("is announced as 'Đang tải'", () => {
    render(<Spinner />);
    expect(screen.getByRole('status', { name: 'Đang tải' })).toBeInTheDocument();
  });
});

describe('SearchIcon', () => {
  it('is decorative and takes the given size classes', () => {
    const { container } = render(<SearchIcon className="size-7" />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveClass('size-7');
  });
});
