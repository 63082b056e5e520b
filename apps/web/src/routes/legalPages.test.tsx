import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer } from '../test/fakeServer.ts';
import { renderApp } from '../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('static legal pages (docs/product.md#terms-and-privacy)', () => {
  it('terms: definitions, scope, minimum age 13, no hosted content, copyright contact, last update', async () => {
    installFakeServer();
    renderApp('/terms-of-use');
    expect(await screen.findByRole('heading', { level: 1, name: 'Điều khoản sử dụng' })).toBeInTheDocument();
    for (const term of ['Phòng', 'Chủ phòng', 'Thành viên']) {
      expect(screen.getByText(term, { selector: 'dt' })).toBeInTheDocument();
    }
    expect(screen.getByText('tạo phòng và chia sẻ link phòng;')).toBeInTheDocument();
    expect(screen.getByText('tìm kiếm video;')).toBeInTheDocument();
    expect(screen.getByText('thêm video vào danh sách phát và xóa video khỏi danh sách phát;')).toBeInTheDocument();
    expect(screen.getByText(/từ đủ 13 tuổi/)).toBeInTheDocument();
    expect(screen.getByText(/không lưu trữ bất kỳ video/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'banquyen@xemchung.app' })).toHaveAttribute(
      'href',
      'mailto:banquyen@xemchung.app',
    );
    expect(screen.getByText('Cập nhật lần cuối: tháng 9 năm 2022')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('privacy: data collected at sign-in, usage data with the email, last update', async () => {
    installFakeServer();
    renderApp('/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chính sách bảo mật' })).toBeInTheDocument();
    for (const item of ['địa chỉ email;', 'ảnh đại diện;', 'tên hiển thị.']) {
      expect(screen.getByText(item)).toBeInTheDocument();
    }
    expect(screen.getByText(/Từ khóa bạn tìm kiếm video, kèm email tài khoản/)).toBeInTheDocument();
    // What 'Search videos' records (docs/product.md#services), and where search events and error reports may go.
    expect(screen.getByText(/gồm: từ khóa, email \(hoặc để trống nếu bạn chưa đăng nhập\)/)).toBeInTheDocument();
    expect(screen.getByText(/Báo cáo lỗi không kèm email, tên, cookie/)).toBeInTheDocument();
    expect(screen.getByText(/PostHog .* Sentry/)).toBeInTheDocument();
    expect(screen.getByText('Cập nhật lần cuối: tháng 9 năm 2022')).toBeInTheDocument();
  });
});
