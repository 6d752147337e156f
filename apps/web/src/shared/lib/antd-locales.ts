import type { Locale } from '@kl/contracts/i18n';
import enUS from 'antd-mobile/es/locales/en-US';

type AntdLocale = typeof enUS;

const typeTemplate = '${label} không phải là ${type} hợp lệ';

/**
 * Built-in texts of antd-mobile. Its own defaults are Chinese; English comes from its en-US object
 * (with a clearer name for the mask's close button), Vietnamese is ours, on the same structure.
 */
export const ANTD_LOCALES: Record<Locale, AntdLocale> = {
  en: { ...enUS, Mask: { name: 'Close' } },
  vi: {
    ...enUS,
    locale: 'vi-VN',
    common: { confirm: 'Xác nhận', cancel: 'Hủy', loading: 'Đang tải', close: 'Đóng' },
    Calendar: {
      title: 'Chọn ngày',
      confirm: 'Xác nhận',
      start: 'bắt đầu',
      end: 'kết thúc',
      startAndEnd: 'bắt đầu/kết thúc',
      today: 'hôm nay',
      markItems: ['T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'CN'],
      yearAndMonth: '${month}/${year}',
    },
    Cascader: { placeholder: 'Vui lòng chọn' },
    Dialog: { ok: 'Đồng ý' },
    DatePicker: { tillNow: 'Đến nay' },
    ErrorBlock: {
      default: { title: 'Đã xảy ra lỗi', description: 'Vui lòng đợi một lát rồi thử lại' },
      busy: { title: 'Không tải được', description: 'Hãy thử tải lại trang' },
      disconnected: { title: 'Mạng đang bận', description: 'Hãy thử tải lại trang' },
      empty: { title: 'Không có dữ liệu', description: '' },
    },
    Form: {
      required: 'Bắt buộc',
      optional: 'Không bắt buộc',
      defaultValidateMessages: {
        default: 'Trường ${label} không hợp lệ',
        required: 'Vui lòng nhập ${label}',
        enum: '${label} phải là một trong [${enum}]',
        whitespace: '${label} không được để trống',
        date: {
          format: '${label} sai định dạng ngày',
          parse: '${label} không đọc được thành ngày',
          invalid: '${label} không phải ngày hợp lệ',
        },
        types: {
          string: typeTemplate,
          method: typeTemplate,
          array: typeTemplate,
          object: typeTemplate,
          number: typeTemplate,
          date: typeTemplate,
          boolean: typeTemplate,
          integer: typeTemplate,
          float: typeTemplate,
          regexp: typeTemplate,
          email: typeTemplate,
          url: typeTemplate,
          hex: typeTemplate,
        },
        string: {
          len: '${label} phải có ${len} ký tự',
          min: '${label} phải có ít nhất ${min} ký tự',
          max: '${label} có tối đa ${max} ký tự',
          range: '${label} phải có từ ${min} đến ${max} ký tự',
        },
        number: {
          len: '${label} phải bằng ${len}',
          min: '${label} tối thiểu là ${min}',
          max: '${label} tối đa là ${max}',
          range: '${label} phải từ ${min} đến ${max}',
        },
        array: {
          len: 'Phải có ${len} ${label}',
          min: 'Ít nhất ${min} ${label}',
          max: 'Nhiều nhất ${max} ${label}',
          range: 'Số lượng ${label} phải từ ${min} đến ${max}',
        },
        pattern: { mismatch: '${label} không khớp mẫu ${pattern}' },
      },
    },
    ImageUploader: { uploading: 'Đang tải lên...', upload: 'Tải lên' },
    InfiniteScroll: { noMore: 'Đã hết', failedToLoad: 'Tải thất bại', retry: 'Thử lại' },
    Input: { clear: 'xóa' },
    Mask: { name: 'Đóng' },
    Modal: { ok: 'Đồng ý' },
    NumberKeyboard: { backspace: 'xóa lùi' },
    PasscodeInput: { name: 'Ô nhập mật mã' },
    PullToRefresh: {
      pulling: 'Kéo xuống để làm mới',
      canRelease: 'Thả ra để làm mới',
      complete: 'Đã làm mới',
    },
    SearchBar: { name: 'Ô tìm kiếm' },
    Slider: { name: 'Thanh trượt' },
    Stepper: { decrease: 'giảm', increase: 'tăng' },
    Switch: { name: 'Công tắc' },
    Selector: { name: 'Bộ chọn' },
  },
};
