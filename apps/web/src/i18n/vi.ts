/**
 * Vietnamese, the default language. Texts quoted by the product spec are exact; keep them byte for byte.
 * Every other locale must have the same keys (checked by the `Messages` type in en.ts).
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
    lookupFailed: 'Không tải được phòng của bạn.',
    featuresTitle: 'Cách hoạt động',
    featureCreateTitle: 'Tạo phòng',
    featureCreate: 'Đăng nhập, đặt tên phòng là xong.',
    featureShareTitle: 'Gửi link',
    featureShare: 'Ai có link đều vào xem được, không cần cài đặt gì.',
    featureSyncTitle: 'Xem cùng lúc',
    featureSync: 'Chủ phòng điều khiển, video của mọi người chạy khớp nhau.',
  },
  room: {
    loading: 'Đang tải phòng…',
  },
  topBar: {
    home: 'XemChung — về trang chủ',
    openMenu: 'Mở menu',
    signedOutUser: 'Tài khoản',
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

export type Messages = typeof vi;
