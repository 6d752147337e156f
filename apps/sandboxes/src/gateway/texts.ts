/** The sandbox gateway's page in the site's two languages (docs/conventions.md: every text in vi and en). */
export const GATEWAY_TEXTS = {
  vi: {
    title: 'Cổng thanh toán thử nghiệm',
    note: 'Cổng thanh toán thử nghiệm: không có tiền thật nào được chuyển.',
    order: 'Đơn nạp tiền',
    reference: 'Mã tham chiếu',
    amount: 'Số tiền',
    expiresAt: 'Hết hạn lúc',
    pay: 'Thanh toán',
    fail: 'Từ chối thanh toán',
    invalidTitle: 'Liên kết thanh toán không hợp lệ',
    invalidNote: 'Liên kết này không do trang web ký hoặc đã bị sửa.',
    expiredTitle: 'Đơn đã hết hạn thanh toán',
    expiredNote: 'Hãy quay lại trang web và tạo đơn mới.',
    refusedTitle: 'Trang web không nhận kết quả thanh toán',
    unreachableTitle: 'Không liên lạc được với trang web',
    unreachableNote: 'Kết quả chưa được gửi; hãy thử lại sau.',
    back: 'Quay lại trang web',
  },
  en: {
    title: 'Sandbox payment gateway',
    note: 'A test payment gateway: no real money moves.',
    order: 'Deposit order',
    reference: 'Reference',
    amount: 'Amount',
    expiresAt: 'Expires at',
    pay: 'Pay',
    fail: 'Decline the payment',
    invalidTitle: 'This payment link is not valid',
    invalidNote: 'The link was not signed by the site, or it was changed.',
    expiredTitle: 'This order can no longer be paid',
    expiredNote: 'Go back to the site and make a new order.',
    refusedTitle: 'The site did not accept the payment’s result',
    unreachableTitle: 'The site could not be reached',
    unreachableNote: 'The result was not delivered; try again later.',
    back: 'Back to the site',
  },
} as const satisfies Record<'vi' | 'en', Record<string, string>>;

export type GatewayLanguage = keyof typeof GATEWAY_TEXTS;
export type GatewayTexts = (typeof GATEWAY_TEXTS)[GatewayLanguage];
