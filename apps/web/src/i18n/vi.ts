/**
 * Vietnamese, the default language: the texts of the shell and of every page but the room (those are in
 * viRoom.ts, which loads with the room page). docs/product.md quotes these texts exactly; keep them byte for byte.
 * Every other locale must have the same keys (checked by the `ShellMessages` type in en.ts).
 */
export const vi = {
  app: {
    name: 'XemChung',
  },
  common: {
    loading: 'Đang tải',
    close: 'Đóng',
    yes: 'Có',
    no: 'Không',
    retry: 'Thử lại',
  },
  chunk: {
    failed: 'Không tải được trang.',
  },
  home: {
    headline: 'Xem video cùng nhau, đúng từng khoảnh khắc',
    tagline:
      'Tạo phòng, gửi link cho bạn bè và cùng xem, cùng nghe. Chủ phòng bấm phát, tạm dừng hay tua — mọi người đều theo kịp ngay.',
    start: 'Bắt đầu',
    enterRoom: 'Vào phòng',
    yourRoom: 'Phòng của bạn: {{name}}',
    roomName: 'Tên phòng',
    roomNamePlaceholder: 'Ví dụ: Tối thứ Sáu xem phim',
    createRoom: 'Tạo phòng',
    roomNameLength: '{{count}}/{{max}} ký tự',
    roomNameTooLong: 'Tên phòng dài quá {{max}} ký tự.',
    roomNameInvalid:
      'Tên phòng có ký tự không được phép (ký tự điều khiển, ký tự đổi hướng văn bản hoặc quá nhiều dấu chồng lên nhau).',
    roomNameRefused: 'Tên phòng không hợp lệ. Vui lòng đặt tên khác.',
    roomCreateTooFast: 'Bạn tạo phòng nhanh quá. Vui lòng thử lại sau một phút.',
    roomLimit: 'Mỗi tài khoản có tối đa {{max}} phòng. Hãy dùng lại một phòng bạn đã tạo.',
    lookupFailed: 'Không tải được phòng của bạn.',
    featuresTitle: 'Cách hoạt động',
    featureCreateTitle: 'Tạo phòng',
    featureCreate: 'Đăng nhập, đặt tên phòng là xong.',
    featureShareTitle: 'Gửi link',
    featureShare: 'Ai có link đều vào xem được, không cần cài đặt gì.',
    featureSyncTitle: 'Xem cùng lúc',
    featureSync: 'Chủ phòng điều khiển, video của mọi người chạy khớp nhau.',
  },
  topBar: {
    openMenu: 'Mở menu',
    skipToContent: 'Bỏ qua đến nội dung chính',
  },
  menu: {
    title: 'Menu',
    terms: 'Điều khoản sử dụng',
    privacy: 'Chính sách bảo mật',
    support: 'Hỗ trợ',
    logout: 'Đăng xuất',
    language: 'Ngôn ngữ',
    newTab: '(mở trong thẻ mới)',
  },
  legal: {
    // Shown only when another language is active, above the Vietnamese-only legal texts.
    vietnameseOnly: 'Văn bản này chỉ có bằng tiếng Việt.',
  },
  notFound: {
    message: 'Trang này không tồn tại',
    goHome: 'Về trang chủ',
  },
};

export type ShellMessages = typeof vi;
