import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button.tsx';

describe('Button', () => {
  it('runs its click handler when idle', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Tạo phòng</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Tạo phòng' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('is dimmed and not clickable while disabled', async () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Tạo phòng
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Tạo phòng' });
    expect(button).toBeDisabled();
    expect(button.className).toContain('disabled:opacity-50');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('shows the spinner, reports busy and is not clickable while loading', async () => {
    const onClick = vi.fn();
    const { container } = render(
      <Button loading onClick={onClick}>
        Bắt đầu
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Bắt đầu' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(container.querySelector('svg.animate-spin')).not.toBeNull();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('has no spinner when idle', () => {
    const { container } = render(<Button>Bắt đầu</Button>);
    expect(container.querySelector('svg.animate-spin')).toBeNull();
    expect(screen.getByRole('button', { name: 'Bắt đầu' })).not.toHaveAttribute('aria-busy');
  });
});
