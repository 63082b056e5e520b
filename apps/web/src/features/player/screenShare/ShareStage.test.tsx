import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ScreenShare } from '@xemchung/protocol';
import { describe, expect, it, vi } from 'vitest';
import { ShareStage } from './ShareStage.tsx';

const SHARE: ScreenShare = {
  id: 'sh-1',
  peer: 'socket-1',
  by: { key: 'u:lan', uid: 'lan', name: 'Lan', photoURL: null, guestTag: null },
  since: 1,
};

describe('ShareStage (R126)', () => {
  it('says who shares, and that the picture is on its way; a viewer who may not stop it is not offered to', () => {
    render(<ShareStage shown={{ share: SHARE, stream: null, mine: false }} muted={false} onMutedChange={() => {}} />);
    expect(screen.getByText('Lan đang chia sẻ màn hình')).toBeVisible();
    expect(screen.getByText('Đang kết nối với màn hình được chia sẻ…')).toBeVisible();
    expect(screen.getByLabelText('Màn hình đang được chia sẻ')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dừng chia sẻ' })).toBeNull();
  });

  it('tells the sharer it is theirs, keeps their own picture silent, and stops it from the button', async () => {
    const onStop = vi.fn();
    render(
      <ShareStage
        shown={{ share: SHARE, stream: null, mine: true }}
        muted={false}
        onMutedChange={() => {}}
        onStop={onStop}
      />,
    );
    expect(screen.getByText('Bạn đang chia sẻ màn hình')).toBeVisible();
    expect((screen.getByLabelText('Màn hình đang được chia sẻ') as HTMLVideoElement).muted).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Dừng chia sẻ' }));
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it('names a guest sharer as the room names guests', () => {
    const guest = {
      ...SHARE,
      by: { key: 'g:QWER5678ZZ', uid: null, name: null, photoURL: null, guestTag: 'QWER5678ZZ' },
    };
    render(<ShareStage shown={{ share: guest, stream: null, mine: false }} muted={false} onMutedChange={() => {}} />);
    expect(screen.getByText(/^Khách .* đang chia sẻ màn hình$/)).toBeVisible();
  });
});
