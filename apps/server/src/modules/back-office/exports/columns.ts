import type { AdminBet } from '@kl/contracts/admin/bets';
import type { MemberRow } from '@kl/contracts/admin/members';
import type { AdminDeposit } from '@kl/contracts/admin/money';
import type { AuditEntry } from '@kl/contracts/admin/operators';
import type { DepositConfirmation } from '@kl/contracts/admin/payments';
import type { DepositOrderStatus } from '@kl/contracts/deposit';
import type { GameRoundStatus } from '@kl/contracts/game-records';
import type { Locale } from '@kl/contracts/i18n';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import type { OperatorWithdrawal, WithdrawalStatus } from '@kl/contracts/withdrawal';
import type { CsvCell } from '../../../platform/csv.ts';
import type { CellFormat, CsvColumn } from './csv-export.ts';

/**
 * The columns of each list's CSV (docs/back-office.md, "Exports"): the titles the screens show, in
 * Vietnamese and English, and the words of a status or a member type in the operator's language. Money is
 * a whole number of minor units, its currency in the title, as the reports' CSV writes it; a time is the
 * merchant's, with its offset.
 */

type Words<K extends string> = Readonly<Record<Locale, Readonly<Record<K, string>>>>;

const column = <Row>(vi: string, en: string, cell: CsvColumn<Row>['cell']): CsvColumn<Row> => ({
  title: { vi, en },
  cell,
});
const money = <Row>(vi: string, en: string, value: (row: Row) => number): CsvColumn<Row> =>
  column(`${vi} (${WALLET_CURRENCY})`, `${en} (${WALLET_CURRENCY})`, (row) => value(row));
const time = <Row>(vi: string, en: string, value: (row: Row) => string | null): CsvColumn<Row> =>
  column(vi, en, (row, format) => format.time(value(row)));
const text = (value: string | null): CsvCell => value ?? '';
const word =
  <K extends string>(words: Words<K>) =>
  (key: K, format: CellFormat): string =>
    words[format.lang][key];

const MEMBER_TYPES: Words<'0' | '1' | '2' | '4'> = {
  vi: { 0: 'Thành viên', 1: 'Đại lý', 2: 'Đại lý cấp dưới', 4: 'Thành viên dùng thử' },
  en: { 0: 'Member', 1: 'Agent', 2: 'Sub-agent', 4: 'Trial member' },
};
const OTHER_TYPE: Readonly<Record<Locale, (type: number) => string>> = {
  vi: (type) => `Khác (loại ${type})`,
  en: (type) => `Other (type ${type})`,
};
function memberType(type: number, format: CellFormat): string {
  const key = String(type);
  return key in MEMBER_TYPES.vi
    ? MEMBER_TYPES[format.lang][key as keyof (typeof MEMBER_TYPES)['vi']]
    : OTHER_TYPE[format.lang](type);
}
const memberStatus = word<'active' | 'disabled'>({
  vi: { active: 'Hoạt động', disabled: 'Đã khóa' },
  en: { active: 'Active', disabled: 'Disabled' },
});

export const MEMBER_COLUMNS: readonly CsvColumn<MemberRow>[] = [
  column('Tên đăng nhập', 'Username', (row) => row.username),
  column('Loại thành viên', 'Member type', (row, format) => memberType(row.type, format)),
  column('Số điện thoại', 'Mobile', (row) => text(row.mobile)),
  column('Email', 'Email', (row) => text(row.email)),
  money('Số dư khả dụng', 'Available', (row) => row.available),
  time('Ngày đăng ký', 'Registered', (row) => row.registeredAt),
  column('IP đăng ký', 'Register IP', (row) => text(row.registerIp)),
  time('Đăng nhập gần nhất', 'Last login', (row) => row.lastLoginAt),
  column('Trạng thái', 'Status', (row, format) => memberStatus(row.disabled ? 'disabled' : 'active', format)),
  column('Mã thành viên', 'Member ID', (row) => row.id),
];

const depositStatus = word<DepositOrderStatus>({
  vi: { pending: 'Chờ thanh toán', paid: 'Đã thanh toán', failed: 'Thất bại', expired: 'Hết hạn' },
  en: { pending: 'Pending', paid: 'Paid', failed: 'Failed', expired: 'Expired' },
});
const confirmationStatus = word<DepositConfirmation['status']>({
  vi: {
    awaiting_second_approval: 'Chờ duyệt lần hai',
    credited: 'Đã xác nhận thủ công',
    refused: 'Đã từ chối',
  },
  en: {
    awaiting_second_approval: 'Awaiting a second approval',
    credited: 'Confirmed by hand',
    refused: 'Refused',
  },
});

/** The order's confirmation by hand, unless it is a first approval the gateway overtook (the order paid). */
const liveConfirmation = (row: AdminDeposit) =>
  row.confirmation?.status === 'awaiting_second_approval' && row.status === 'paid' ? null : row.confirmation;

export const DEPOSIT_COLUMNS: readonly CsvColumn<AdminDeposit>[] = [
  time('Ngày tạo', 'Created', (row) => row.createdAt),
  column('Mã lệnh', 'Order', (row) => row.orderId),
  column('Thành viên', 'Member', (row) => row.username),
  money('Số tiền', 'Amount', (row) => row.amount),
  column('Kênh nạp', 'Channel', (row) => row.channel),
  column('Trạng thái', 'Status', (row, format) => depositStatus(row.status, format)),
  column('Nội dung chuyển khoản', 'Transfer reference', (row) => row.referenceCode),
  column('Mã cổng thanh toán', 'Gateway reference', (row) => text(row.gatewayReference)),
  time('Ngày thanh toán', 'Paid', (row) => row.paidAt),
  column('Xác nhận thủ công', 'Confirmation by hand', (row, format) => {
    const confirmation = liveConfirmation(row);
    return confirmation ? confirmationStatus(confirmation.status, format) : '';
  }),
  column('Người xác nhận', 'Confirmed by', (row) => liveConfirmation(row)?.confirmedBy.username ?? ''),
  column(
    'Người duyệt lần hai',
    'Second approval by',
    (row) => liveConfirmation(row)?.approvedBy?.username ?? '',
  ),
  column('Lý do thất bại', 'Failure reason', (row) => text(row.failureReason)),
];

const withdrawalStatus = word<WithdrawalStatus>({
  vi: { pending: 'Chờ duyệt', paid: 'Đã chi trả', rejected: 'Đã từ chối' },
  en: { pending: 'Pending', paid: 'Paid', rejected: 'Rejected' },
});

export const WITHDRAWAL_COLUMNS: readonly CsvColumn<OperatorWithdrawal>[] = [
  time('Ngày yêu cầu', 'Requested', (row) => row.createdAt),
  column('Mã lệnh', 'Request', (row) => row.requestId),
  column('Thành viên', 'Member', (row) => row.username),
  money('Số tiền', 'Amount', (row) => row.amount),
  column('Ngân hàng', 'Bank', (row) => row.bankName),
  column('Số tài khoản', 'Account number', (row) => row.accountNumber),
  column('Chủ tài khoản', 'Account name', (row) => row.accountName),
  column('Trạng thái', 'Status', (row, format) => withdrawalStatus(row.status, format)),
  time('Ngày xử lý', 'Decided', (row) => row.decidedAt),
  column('Lý do từ chối', 'Reject reason', (row) => text(row.rejectReason)),
];

const roundStatus = word<GameRoundStatus>({
  vi: { open: 'Đang mở', settled: 'Đã kết toán', cancelled: 'Đã hủy' },
  en: { open: 'Open', settled: 'Settled', cancelled: 'Cancelled' },
});

export const BET_COLUMNS: readonly CsvColumn<AdminBet>[] = [
  time('Thời gian cược', 'Placed', (row) => row.createdAt),
  column('Thành viên', 'Member', (row) => row.username),
  column('Nhà cung cấp', 'Vendor', (row) => row.vendorCode),
  column('Thể loại', 'Category', (row) => row.gameType),
  column('Mã trò chơi', 'Game ID', (row) => row.gameId),
  column('Trò chơi', 'Game', (row) => row.gameName),
  column('Mã ván', 'Round', (row) => row.roundId),
  money('Tiền cược', 'Stake', (row) => row.stake),
  money('Tiền trả thưởng', 'Payout', (row) => row.payout),
  money('Thắng/thua', 'Net', (row) => row.net),
  column('Trạng thái', 'Status', (row, format) => roundStatus(row.status, format)),
  time('Thời gian kết toán', 'Settled', (row) => row.settledAt),
];

/** A before or after of the audit log, as JSON text (empty for none). */
const json = (value: unknown): CsvCell =>
  value === null || value === undefined ? '' : JSON.stringify(value);

export const AUDIT_COLUMNS: readonly CsvColumn<AuditEntry>[] = [
  time('Thời gian', 'Time', (row) => row.at),
  column('Nhân viên', 'Operator', (row) => row.operatorUsername),
  column('IP', 'IP', (row) => row.ip),
  column('Thao tác', 'Action', (row) => row.action),
  column('Loại đối tượng', 'Target type', (row) => text(row.targetType)),
  column('Mã đối tượng', 'Target ID', (row) => text(row.targetId)),
  column('Trước', 'Before', (row) => json(row.before)),
  column('Sau', 'After', (row) => json(row.after)),
];
