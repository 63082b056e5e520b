import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareDialog } from './ShareDialog.tsx';

const URL = 'http://localhost:3000/room/room1234room1234';

function clipboard(writeText: (text: string) => Promise<void>) {
  // userEvent installs its own clipboard on setup; ours replaces it for this test.
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ShareDialog', () => {
  it("is titled 'Chia sẻ link phòng' and shows the link read-only, focused and selected", () => {
    render(<ShareDialog open url={URL} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Chia sẻ link phòng' })).toBeInTheDocument();
    const link = screen.getByRole<HTMLInputElement>('textbox', { name: 'Link phòng' });
    expect(link).toHaveValue(URL);
    expect(link).toHaveAttribute('readonly');
    expect(link).toHaveFocus();
    expect([link.selectionStart, link.selectionEnd]).toEqual([0, URL.length]);
  });

  it('copies the link to the clipboard and says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async (_text: string) => {});
    clipboard(writeText);
    render(<ShareDialog open url={URL} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Sao chép' }));
    expect(writeText).toHaveBeenCalledWith(URL);
    expect(screen.getByRole('button', { name: 'Đã sao chép' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Đã sao chép link phòng vào bộ nhớ tạm.');
  });

  it('leaves the link selected and says how to copy it when the clipboard is refused', async () => {
    const user = userEvent.setup();
    clipboard(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    render(<ShareDialog open url={URL} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Sao chép' }));
    expect(screen.getByRole('status')).toHaveTextContent('Không sao chép được. Hãy chọn link và nhấn Ctrl+C.');
    const link = screen.getByRole<HTMLInputElement>('textbox', { name: 'Link phòng' });
    expect([link.selectionStart, link.selectionEnd]).toEqual([0, URL.length]);
  });

  it('renders nothing while closed, and closes on Escape', async () => {
    const onClose = vi.fn();
    const { rerender } = render(<ShareDialog open={false} url={URL} onClose={onClose} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<ShareDialog open url={URL} onClose={onClose} />);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
